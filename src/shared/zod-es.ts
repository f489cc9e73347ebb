/**
 * Imported for its side effect: zod's Spanish texts for every check that carries no message of its
 * own (a visitor never reads "Invalid input"). One module for both sides: the web's form kit
 * imports it, the server imports it at start-up.
 *
 * Classic `zod` installs its English locale when its module first evaluates, so on the server
 * import this after (or from a module that imports) classic `zod`; otherwise English comes back.
 * `zod/mini` installs none, and `z.config` writes the one configuration both builds share.
 */
import { es } from 'zod/locales';
import * as z from 'zod/mini';

z.config(es());
