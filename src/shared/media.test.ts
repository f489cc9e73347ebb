import { describe, expect, it } from 'vitest';
import { isUploadedPhoto, parseImageList, photoSrcSet, photoThumbnail } from './media.ts';

describe('photos uploaded in the panel (docs/product.md §4.4)', () => {
  const large = '/images/uploads/om-352-1a2b3c4d5e6f-lg.webp';

  it('knows an uploaded photo by its name or URL, whatever the image base', () => {
    expect(isUploadedPhoto('uploads/om-352-1a2b3c4d5e6f-lg.webp')).toBe(true);
    expect(isUploadedPhoto(large)).toBe(true);
    expect(isUploadedPhoto('https://cdn.example.com/fotos/uploads/x-lg.webp')).toBe(true);
    expect(isUploadedPhoto('uploads/x-sm.webp')).toBe(false);
    expect(isUploadedPhoto('om352/foto-lg.webp')).toBe(false);
    expect(isUploadedPhoto('/images/om352/filtro.jpg')).toBe(false);
  });

  it('gives grids the thumbnail of an uploaded photo and any other image as it is', () => {
    expect(photoThumbnail(large)).toBe('/images/uploads/om-352-1a2b3c4d5e6f-sm.webp');
    expect(photoThumbnail('/images/om352/filtro.jpg')).toBe('/images/om352/filtro.jpg');
    expect(photoThumbnail(undefined)).toBeUndefined();
  });

  it('offers both sizes of an uploaded photo as a srcset, none for other images', () => {
    expect(photoSrcSet(large)).toBe('/images/uploads/om-352-1a2b3c4d5e6f-sm.webp 320w, /images/uploads/om-352-1a2b3c4d5e6f-lg.webp 1200w');
    expect(photoSrcSet('/images/om352/filtro.jpg')).toBeUndefined();
    expect(photoSrcSet(undefined)).toBeUndefined();
  });

  it('resolves an uploaded name like any other entry of the list', () => {
    expect(parseImageList('om352/filtro.jpg,uploads/a-lg.webp', '/images/')).toEqual([
      '/images/om352/filtro.jpg',
      '/images/uploads/a-lg.webp',
    ]);
  });
});
