import * as z from 'zod/mini';
import { loginBodySchema } from '../../../shared/auth.ts';

/** The login forms' fields: the body rules of `POST /api/auth/login` without the user type each form sets. */
export const loginFormSchema = z.pick(loginBodySchema, { username: true, password: true });
