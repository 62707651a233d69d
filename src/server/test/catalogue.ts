// Helpers for the catalogue's HTTP tests: signed-in clients, real pictures, multipart forms.
import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/server/setup/seed';
import type { Config } from '@/server/env';
import { TestClient } from './http';

/** A real JPEG, as a phone or a camera would upload it. */
export const jpegBytes = (width = 64, height = 48): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();

/** The same picture as tRPC procedures receive it: a browser FileReader's data: URL. */
export const jpegDataUrl = async (): Promise<string> =>
  `data:image/jpeg;base64,${(await jpegBytes()).toString('base64')}`;

export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
  type: string;
}

/**
 * A multipart body as the web client sends it: a list as repeated `name[]` parts, the picture
 * as the `image` file part.
 */
export function multipartForm(fields: Record<string, string | string[]>, image?: UploadedFile): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(`${name}[]`, item);
    else form.append(name, value);
  }
  if (image) form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

export const jpegFile = async (): Promise<UploadedFile> => ({
  bytes: await jpegBytes(),
  name: 'photo.jpg',
  type: 'image/jpeg',
});

/** A client logged in as the demo admin or the demo customer. */
export async function signedIn(app: FastifyInstance, who: 'admin' | 'customer'): Promise<TestClient> {
  const client = new TestClient(app);
  const account = who === 'admin' ? DEMO_ADMIN : DEMO_CUSTOMER;
  const path = who === 'admin' ? '/admin/login' : '/users/login';
  const login = await client.rest('POST', path, { email: account.email, password: account.password });
  expect(login.status).toBe(200);
  return client;
}

/** The files in the uploads folder, to show what a request stored or removed. */
export const storedUploads = (config: Config): string[] => readdirSync(config.uploadsDir).sort();

/** The file name of an image URL the API returned. */
export const uploadName = (url: string): string => new URL(url).pathname.split('/').pop() ?? '';
