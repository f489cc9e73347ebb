import { useMutation } from '@tanstack/react-query';
import { partRequestSchema } from '../../../shared/account.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** `POST /api/part-requests {message}`; the server takes the username from the session. */
export function useSendPartRequest() {
  return useMutation({
    mutationFn: (message: string) => apiRequest('/api/part-requests', partRequestSchema, { method: 'POST', body: { message } }),
  });
}
