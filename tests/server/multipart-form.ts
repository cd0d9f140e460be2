/** One part of a multipart body: a text field, or a file (bytes, with a name and type when given). */
export type FormPart = { name: string; value: string | Buffer; filename?: string; type?: string };

/**
 * A real multipart/form-data body, as a browser sends it (the undici FormData and Request do the
 * encoding), for `app.inject` in the tests of the upload and territory image routes.
 */
export async function multipartForm(parts: FormPart[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string') data.append(part.name, part.value);
    else data.append(part.name, new Blob([new Uint8Array(part.value)], { type: part.type ?? 'application/octet-stream' }), part.filename ?? 'upload.bin');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}
