/**
 * The server the Playwright journeys drive: a fresh PGlite database in a temporary folder holding
 * the three real catalogues of ../shared/data (never copied into the repository), the fixture's
 * related parts and carousels, and the real Zabala photos served from IMAGE_DIR (a folder of the
 * run linking to them, where photos uploaded by the journeys land).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { carouselEntries, parts, relatedParts, users } from '../src/server/db/schema.ts';
import { hashPassword } from '../src/server/modules/auth/password.ts';
import { ensureAdmin } from '../src/server/modules/auth/service.ts';
import { importCatalogueFile } from '../src/server/modules/import/service.ts';
import { FIXTURES } from '../src/server/test/catalogues.ts';
import { REAL_DATA } from '../src/server/test/data.ts';
import { ADMIN, CAROUSEL_PARTS, DISTRIBUTOR, HTML_PART, ON_SALE_DISCOUNT, PHOTO_PART, RELATED_PART } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
// IMAGE_DIR is a folder of this run: the real Zabala photos through a link (never copied), and the
// photos the journeys upload in the panel in its own uploads/ (../shared/data is never written).
const imageDir = path.join(dataDir, 'images');
fs.mkdirSync(imageDir);
fs.symlinkSync(path.join(REAL_DATA.zabalaImages, 'img'), path.join(imageDir, 'img'), 'dir');
const config = loadConfig({
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  DEMO_CATALOGUE: 'false',
  IMAGE_DIR: imageDir,
  NODE_ENV: 'test',
  // The journeys use the development reset-token box (never on in production).
  DEV_RESET_TOKEN: 'true',
  PORT: String(port),
  PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  // Every journey signs in from the same address; the limits themselves are covered by the API tests.
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_FORGOT_PER_IP: '1000',
  RATE_LIMIT_REGISTER_PER_IP: '1000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  RATE_LIMIT_EXPORTS_PER_IP: '1000',
});
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
await database.migrate();
const db = database.db;
for (const file of [REAL_DATA.dlc, REAL_DATA.resortes, REAL_DATA.zabala]) {
  await importCatalogueFile(db, fs.readFileSync(file), { lowStock: config.lowStock });
}
// Our ERP fixture: parts with several price lists, one per role (ROLE_PRICE_PART).
await importCatalogueFile(db, fs.readFileSync(FIXTURES.erpRecords), { lowStock: config.lowStock });
// A part whose texts hold markup: every screen must show it as text and run none of it.
await importCatalogueFile(db, Buffer.from(JSON.stringify([HTML_PART.record])), { lowStock: config.lowStock });

const idOf = async (partNumber: string) => {
  const [row] = await db.select({ id: parts.id }).from(parts).where(eq(parts.partNumber, partNumber));
  if (!row) throw new Error(`fixture part ${partNumber} is missing`);
  return row.id;
};
await db.insert(relatedParts).values({ partId: await idOf(PHOTO_PART.partNumber), relatedPartId: await idOf(RELATED_PART.partNumber) });
for (const [collection, numbers] of Object.entries(CAROUSEL_PARTS) as [keyof typeof CAROUSEL_PARTS, readonly string[]][]) {
  for (const [position, partNumber] of numbers.entries()) {
    const discount = collection === 'on-sale' ? String(ON_SALE_DISCOUNT) : '0';
    const partId = await idOf(partNumber);
    for (const stage of ['draft', 'published'] as const) {
      await db.insert(carouselEntries).values({ stage, collection, partId, position, discountPercentage: discount });
    }
  }
}
await db
  .update(parts)
  .set({ discountPercentage: String(ON_SALE_DISCOUNT) })
  .where(inArray(parts.partNumber, [...CAROUSEL_PARTS['on-sale']]));

// The accounts the journeys sign in with: an admin (approves registrations) and a distributor.
await ensureAdmin(db, ADMIN.username, ADMIN.password);
await db.insert(users).values({
  username: DISTRIBUTOR.username,
  passwordHash: await hashPassword(DISTRIBUTOR.password),
  fullName: DISTRIBUTOR.fullName,
  email: DISTRIBUTOR.email,
  profileType: 'distributor',
  isApproved: true,
});

const app = await buildApp({ database, config, logger: false });
await app.listen({ port, host: '127.0.0.1' });
console.log(`e2e server on http://127.0.0.1:${port} (data in ${dataDir})`);

const stop = async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
