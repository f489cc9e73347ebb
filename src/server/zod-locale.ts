/**
 * zod's Spanish texts on the server (src/shared/zod-es.ts), installed after classic `zod` has
 * installed its English default, whatever the import order elsewhere: no English validation text
 * reaches a user (docs/product.md §13).
 */
import 'zod';
import '../shared/zod-es.ts';
