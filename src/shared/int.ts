/** The contract's integer: a safe integer, as classic zod's `z.number().int()` (one definition for every module of src/shared). */
import * as z from 'zod/mini';

/** An integer schema (a safe one). */
export const int = () => z.number().check(z.int());
