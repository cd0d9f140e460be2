import { paths } from '../../../contracts/shared/paths';
import { UploadedImage, type ImageBounds } from '../../../contracts/shared/upload';
import { api } from './api';

/** Sends one image to POST /upload/image/; the server re-encodes it and fits it inside `bounds`. */
export function uploadImage(file: File | Blob, bounds: ImageBounds): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  form.append('max_w', String(bounds.maxWidth));
  form.append('max_h', String(bounds.maxHeight));
  return api.post(paths.uploadImage, form, { struct: UploadedImage });
}
