/**
 * Validation and serialization by the routes' zod schemas (fastify-type-provider-zod), with zod's
 * Spanish messages installed first (`zod-locale.ts`, docs/product.md §13).
 */
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../zod-locale.ts';

/** Sets the app's validator and serializer compilers; register it before the routes. */
export function registerZod(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
