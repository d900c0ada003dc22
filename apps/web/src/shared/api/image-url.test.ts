import { describe, expect, it } from 'vitest';
import { imageUrl } from './image-url';

describe('imageUrl', () => {
  it('prefixes /sys-upload/ to relative upload paths', () => {
    expect(imageUrl('logo/kj.png', { appBuild: false })).toBe('/sys-upload/logo/kj.png');
    expect(imageUrl('/logo/kj.png', { appBuild: false })).toBe('/sys-upload/logo/kj.png');
  });
  it('keeps upload roots and absolute URLs', () => {
    expect(imageUrl('/sys-upload/a.png', { appBuild: false })).toBe('/sys-upload/a.png');
    expect(imageUrl('/cloud-upload/a.png', { appBuild: false })).toBe('/cloud-upload/a.png');
    expect(imageUrl('https://cdn.example/a.png', { appBuild: false })).toBe(
      'https://cdn.example/a.png',
    );
    expect(imageUrl('', { appBuild: false })).toBe('');
  });
  it('prefixes the API origin in the app build', () => {
    expect(imageUrl('a.png', { appBuild: true, apiBase: 'https://api.example.com/app-api' })).toBe(
      'https://api.example.com/sys-upload/a.png',
    );
  });
});
