/**
 * A part's photos in the panel (issue 21 item 2; docs/product.md §4.4, §10.2): upload checked by
 * content, stored as two WebP files without metadata, listed, reordered and removed, audited, kept
 * by later imports, and shown by the catalogue, `/images/` and the PDF. Images are made by sharp in
 * the test itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PHOTOS_PER_PART, type PartPhoto, type PartPhotos } from '../../../shared/part-photos.ts';
import { auditLog, parts } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';
import { importCatalogueFile } from '../import/service.ts';
import { photoSlug } from './storage.ts';

interface UploadFile {
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body of `files`, as a browser's FormData sends it. */
async function multipart(files: UploadFile[], field = 'fotos'): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': String(request.headers.get('content-type')) } };
}

/** A photo-like JPEG: `width`×`height`, with EXIF (orientation, camera, GPS) unless told otherwise. */
async function jpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation })
    .withExif({ IFD0: { Make: 'CamaraSecreta' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 36/1 0/1' } })
    .toBuffer();
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe.each(testEngines())('part photos API on %s', (engine) => {
  let t: TestApp;
  let imageDir: string;
  const cookies: Record<'admin' | 'client' | 'distributor', string> = { admin: '', client: '', distributor: '' };
  const ids: Record<string, number> = {};
  const as = (cookie: string | null, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
  const upload = async (id: number, files: UploadFile[], cookie: string | null = cookies.admin) =>
    as(cookie, { method: 'POST', url: `/api/admin/parts/${id}/images`, ...(await multipart(files)) });
  const photosOf = async (id: number) =>
    (await as(cookies.admin, { method: 'GET', url: `/api/admin/parts/${id}/images` })).json() as PartPhotos;
  const partRow = async (id: number) => (await t.database.db.select().from(parts).where(eq(parts.id, id)))[0];
  const uploadedFiles = () => (fs.existsSync(path.join(imageDir, 'uploads')) ? fs.readdirSync(path.join(imageDir, 'uploads')).sort() : []);
  const lastAudit = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'part'), eq(auditLog.entityId, String(id))))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  beforeAll(async () => {
    imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-photos-'));
    t = await buildTestApp(engine, { imageDir });
    const db = t.database.db;
    cookies.admin = await loginCookie(t.app, await createUser(db, { profileType: 'admin', username: 'fotografa' }), 'admin');
    cookies.client = await loginCookie(t.app, await createUser(db, { profileType: 'client' }), 'client');
    cookies.distributor = await loginCookie(t.app, await createUser(db, { profileType: 'distributor' }), 'distributor');
    await insertParts(db, [
      buildPartRecord({ codigo: 'FOT-1/Ñ', descripcion: 'Bomba de agua Fiat 128' }),
      buildPartRecord({ codigo: 'FOT-2', descripcion: 'Filtro de aceite', imagen: 'om352/filtro.jpg' }),
      buildPartRecord({ codigo: 'FOT-3', descripcion: 'Junta de tapa' }),
      buildPartRecord({ codigo: 'FOT-4', descripcion: 'Correa de distribución' }),
    ]);
    for (const row of await db.select({ id: parts.id, partNumber: parts.partNumber }).from(parts)) ids[row.partNumber] = row.id;
  });
  afterAll(async () => {
    await t?.close();
    if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
  });

  it('answers 401 to guests and 403 to clients and distributors, and stores nothing', async () => {
    const id = ids['FOT-3'] as number;
    const photo = { name: 'a.jpg', type: 'image/jpeg', data: await jpeg(40, 30) };
    for (const [cookie, status] of [
      [null, 401],
      [cookies.client, 403],
      [cookies.distributor, 403],
    ] as const) {
      expect((await upload(id, [photo], cookie)).statusCode).toBe(status);
      expect((await as(cookie, { method: 'GET', url: `/api/admin/parts/${id}/images` })).statusCode).toBe(status);
      expect((await as(cookie, { method: 'DELETE', url: `/api/admin/parts/${id}/images/0` })).statusCode).toBe(status);
      const reorder = await as(cookie, { method: 'PUT', url: `/api/admin/parts/${id}/images/order`, payload: { names: ['x'] } });
      expect(reorder.statusCode).toBe(status);
    }
    expect(uploadedFiles()).toEqual([]);
    expect((await partRow(id))?.imageUrl).toBeNull();
  });

  it('stores each photo as a large and a thumbnail WebP, upright and without metadata, after the imported one', async () => {
    const id = ids['FOT-2'] as number;
    const camera = await jpeg(3000, 1500, 6);
    const cameraMeta = await sharp(camera).metadata();
    expect([cameraMeta.orientation, cameraMeta.exif?.includes('CamaraSecreta')]).toEqual([6, true]);
    const response = await upload(id, [
      // Orientation 6: the camera was turned; the stored photo stands upright (1500 × 3000 → 1200 × 2400).
      { name: 'camara.jpg', type: 'image/jpeg', data: camera },
      // The declared type and the name are not trusted: this is a PNG with transparency.
      { name: 'dibujo.jpeg', type: 'application/octet-stream', data: await png(300, 200) },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as PartPhotos;
    expect(body.partNumber).toBe('FOT-2');
    expect(body.handEdited).toBe(true);
    expect(body.photos.map((p) => p.uploaded)).toEqual([false, true, true]);
    expect(body.photos[0]).toEqual({
      name: 'om352/filtro.jpg',
      url: '/images/om352/filtro.jpg',
      thumbnailUrl: '/images/om352/filtro.jpg',
      uploaded: false,
    });
    const [, first, second] = body.photos as [PartPhoto, PartPhoto, PartPhoto];
    expect(first.name).toMatch(/^uploads\/fot-2-[0-9a-f]{12}-lg\.webp$/);
    expect(first.url).toBe(`/images/${first.name}`);
    expect(first.thumbnailUrl).toBe(`/images/${first.name.replace('-lg.webp', '-sm.webp')}`);
    expect(second.name).not.toBe(first.name);

    const large = await sharp(path.join(imageDir, first.name)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 1200, 2400]);
    const small = await sharp(path.join(imageDir, first.name.replace('-lg', '-sm'))).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 320, 640]);
    for (const meta of [large, small]) {
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(fs.readFileSync(path.join(imageDir, first.name)).includes('CamaraSecreta')).toBe(false);
    // A small photo is never enlarged; its transparency is kept.
    const drawing = await sharp(path.join(imageDir, second.name)).metadata();
    expect([drawing.format, drawing.width, drawing.height, drawing.hasAlpha]).toEqual(['webp', 300, 200, true]);

    const row = await partRow(id);
    expect(row?.imageUrl).toBe(body.photos.map((p) => p.name).join(','));
    expect(row?.handEditedFields).toContain('imageUrl');
    const audit = await lastAudit(id);
    expect(audit).toMatchObject({
      action: 'part.photos.add',
      actorUsername: 'fotografa',
      before: { partNumber: 'FOT-2', images: ['om352/filtro.jpg'] },
      after: { partNumber: 'FOT-2', images: body.photos.map((p) => p.name) },
    });

    // The catalogue shows them at once, first photo first; /images/ serves both files.
    const publicPart = (await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json();
    expect(publicPart.images).toEqual(body.photos.map((p) => p.url));
    for (const url of [first.url, first.thumbnailUrl]) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
  });

  it('refuses by content, size and count with a Spanish message, adding none of the request', async () => {
    const id = ids['FOT-3'] as number;
    const before = uploadedFiles();
    const good = { name: 'buena.jpg', type: 'image/jpeg', data: await jpeg(64, 48) };
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    // 10,001 × 10,001 pixels in a few hundred kilobytes: refused before it is decoded.
    const bomb = await sharp({ create: { width: 10_001, height: 10_001, channels: 3, background: '#fff' }, limitInputPixels: false })
      .png()
      .toBuffer();
    const cases: [UploadFile[], number, RegExp][] = [
      [
        [good, { name: 'foto.jpg', type: 'image/jpeg', data: Buffer.from('Esto es texto, no una foto.\n') }],
        400,
        /«foto\.jpg» no es una foto JPEG, PNG o WebP/,
      ],
      [[{ name: 'animada.png', type: 'image/png', data: gif }], 400, /«animada\.png» es una imagen GIF: se aceptan fotos JPEG, PNG o WebP/],
      [
        [{ name: 'cortada.jpg', type: 'image/jpeg', data: (await jpeg(400, 300)).subarray(0, 400) }],
        400,
        /«cortada\.jpg» está dañada o incompleta/,
      ],
      [[{ name: 'bomba.png', type: 'image/png', data: bomb }], 400, /«bomba\.png» tiene demasiados píxeles/],
      [
        [good, { name: 'enorme.jpg', type: 'image/jpeg', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff) }],
        413,
        /«enorme\.jpg» pesa más de 10 MB/,
      ],
      [[], 400, /No se recibió ninguna foto/],
      [Array.from({ length: MAX_PHOTOS_PER_PART + 1 }, () => good), 413, /Se pueden subir hasta 12 fotos por vez/],
    ];
    for (const [files, status, message] of cases) {
      const response = await upload(id, files);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toMatch(message);
    }
    const json = await as(cookies.admin, { method: 'POST', url: `/api/admin/parts/${id}/images`, payload: { foto: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toMatch(/multipart\/form-data/);
    expect((await upload(999_999, [good])).statusCode).toBe(404);
    expect(uploadedFiles()).toEqual(before);
    expect((await partRow(id))?.imageUrl).toBeNull();
    expect(await lastAudit(id)).toBeUndefined();
  });

  it(`holds at most ${MAX_PHOTOS_PER_PART} photos per part`, async () => {
    const id = ids['FOT-4'] as number;
    const eleven = Array.from({ length: MAX_PHOTOS_PER_PART - 1 }, (_, i) => `fotos/${i}.jpg`);
    await t.database.db
      .update(parts)
      .set({ imageUrl: eleven.join(',') })
      .where(eq(parts.id, id));
    const photo = {
      name: 'a.webp',
      type: 'image/webp',
      data: await sharp(await png(20, 20))
        .webp()
        .toBuffer(),
    };
    const two = await upload(id, [photo, photo]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe('Un repuesto admite hasta 12 fotos y este tiene 11: puede agregar 1 más.');
    expect((await upload(id, [photo])).statusCode).toBe(201);
    const full = await upload(id, [photo]);
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toMatch(/este tiene 12: elimine alguna antes de subir otra/);
    expect((await photosOf(id)).photos).toHaveLength(MAX_PHOTOS_PER_PART);
  });

  describe('reorder and remove', () => {
    let id: number;
    let names: string[];
    beforeEach(async () => {
      id = ids['FOT-1/Ñ'] as number;
      await t.database.db.update(parts).set({ imageUrl: null }).where(eq(parts.id, id));
      const added = await upload(
        id,
        await Promise.all([100, 200, 300].map(async (w) => ({ name: `${w}.jpg`, type: 'image/jpeg', data: await jpeg(w, 50) }))),
      );
      expect(added.statusCode).toBe(201);
      names = (added.json() as PartPhotos).photos.map((p) => p.name);
    });

    it('names files after the part number, made safe', () => {
      expect(photoSlug('FOT-1/Ñ')).toBe('fot-1-n');
      expect(photoSlug('///')).toBe('foto');
      for (const name of names) expect(name).toMatch(/^uploads\/fot-1-n-[0-9a-f]{12}-lg\.webp$/);
    });

    it('puts the photos in the order given, audited, and refuses a list that is not theirs', async () => {
      const reversed = [...names].reverse();
      const response = await as(cookies.admin, { method: 'PUT', url: `/api/admin/parts/${id}/images/order`, payload: { names: reversed } });
      expect(response.statusCode).toBe(200);
      expect((response.json() as PartPhotos).photos.map((p) => p.name)).toEqual(reversed);
      expect((await partRow(id))?.imageUrl).toBe(reversed.join(','));
      expect(await lastAudit(id)).toMatchObject({ action: 'part.photos.reorder', before: { images: names }, after: { images: reversed } });
      const publicPart = (await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json();
      expect(publicPart.images[0]).toBe(`/images/${reversed[0]}`);

      const auditId = (await lastAudit(id))?.id;
      for (const wrong of [
        [...reversed, 'otra.jpg'],
        reversed.slice(1),
        [reversed[0], reversed[0], reversed[1]],
        ['../../etc/passwd.jpg'],
      ]) {
        const refused = await as(cookies.admin, { method: 'PUT', url: `/api/admin/parts/${id}/images/order`, payload: { names: wrong } });
        expect(refused.statusCode, JSON.stringify(wrong)).toBe(409);
        expect(refused.json().error.message).toMatch(/Las fotos del repuesto cambiaron mientras tanto/);
      }
      const empty = await as(cookies.admin, { method: 'PUT', url: `/api/admin/parts/${id}/images/order`, payload: { names: [] } });
      expect(empty.statusCode).toBe(400);
      // The same order again writes nothing.
      expect(
        (await as(cookies.admin, { method: 'PUT', url: `/api/admin/parts/${id}/images/order`, payload: { names: reversed } })).statusCode,
      ).toBe(200);
      expect((await lastAudit(id))?.id).toBe(auditId);
      expect((await partRow(id))?.imageUrl).toBe(reversed.join(','));
    });

    it('removes photo n when its name still matches, keeping its files', async () => {
      const stale = await as(cookies.admin, {
        method: 'DELETE',
        url: `/api/admin/parts/${id}/images/1?name=${encodeURIComponent(names[0] as string)}`,
      });
      expect(stale.statusCode).toBe(409);
      expect((await as(cookies.admin, { method: 'DELETE', url: `/api/admin/parts/${id}/images/3` })).statusCode).toBe(404);
      expect((await as(cookies.admin, { method: 'DELETE', url: `/api/admin/parts/${id}/images/x` })).statusCode).toBe(400);

      const response = await as(cookies.admin, {
        method: 'DELETE',
        url: `/api/admin/parts/${id}/images/1?name=${encodeURIComponent(names[1] as string)}`,
      });
      expect(response.statusCode).toBe(200);
      expect((response.json() as PartPhotos).photos.map((p) => p.name)).toEqual([names[0], names[2]]);
      expect(await lastAudit(id)).toMatchObject({
        action: 'part.photos.remove',
        before: { images: names },
        after: { images: [names[0], names[2]] },
      });
      expect(fs.existsSync(path.join(imageDir, names[1] as string))).toBe(true);

      for (const _ of [0, 1])
        expect((await as(cookies.admin, { method: 'DELETE', url: `/api/admin/parts/${id}/images/0` })).statusCode).toBe(200);
      const row = await partRow(id);
      expect(row?.imageUrl).toBeNull();
      // Removing every photo is a hand edit too: an import does not bring the old ones back.
      expect(row?.handEditedFields).toContain('imageUrl');
      expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json().images).toEqual([]);
    });
  });

  it('keeps photos set in the panel through later imports unless the run overwrites them', async () => {
    const id = ids['FOT-2'] as number;
    const panel = (await partRow(id))?.imageUrl;
    expect(panel).toMatch(/uploads\//);
    const file = Buffer.from(JSON.stringify([{ codigo: 'FOT-2', descripcion: 'Filtro de aceite', imagen: 'om352/otra.jpg', stock: 3 }]));
    await importCatalogueFile(t.database.db, file, { lowStock: 5 });
    expect((await partRow(id))?.imageUrl).toBe(panel);
    expect((await partRow(id))?.stockQuantity).toBe(3);
    await importCatalogueFile(t.database.db, file, { lowStock: 5, overwriteHandEdits: ['imageUrl'] });
    const row = await partRow(id);
    expect(row?.imageUrl).toBe('om352/otra.jpg');
    expect(row?.handEditedFields).not.toContain('imageUrl');
  });

  it('embeds an uploaded photo in the PDF catalogue', async () => {
    const id = ids['FOT-3'] as number;
    expect((await upload(id, [{ name: 'pdf.jpg', type: 'image/jpeg', data: await jpeg(500, 400) }])).statusCode).toBe(201);
    const category = (await partRow(id))?.categoryId;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/export/catalog.pdf?categoryIds=${category}&includeImages=true` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });
});
