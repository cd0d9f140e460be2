import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import { errorText } from '#src/services/shared/error-text';

describe('errorText: a failed call in words for a person', () => {
  it('reads the sentence and the field sentences the API client kept on its error', () => {
    const error = new ApiError('Some fields are not valid.', {
      status: 400,
      code: 'validation_failed',
      fields: { email: 'Please enter a valid email.', password: '  ' },
    });
    expect(errorText(error, 'Request failed')).toEqual({
      message: 'Some fields are not valid.',
      fields: { email: 'Please enter a valid email.' },
    });
  });

  it('prefers the whole body of the older client over its clipped message', () => {
    const error = Object.assign(new Error('HTTP 400 Bad Request: {"detail":"Name is requ'), {
      body: JSON.stringify({ detail: 'Name is required.', code: 'validation_failed', fields: { name: 'Name is required.' } }),
    });
    expect(errorText(error, 'Request failed')).toEqual({ message: 'Name is required.', fields: { name: 'Name is required.' } });
  });

  it('finds the detail in a clipped legacy message when the body is lost', () => {
    const error = new Error('HTTP 409 Conflict: {"detail":"Account already exists","code":"conf');
    expect(errorText(error, 'Request failed').message).toBe('Account already exists');
  });

  it('falls back to the error message, then to the caller sentence', () => {
    expect(errorText(new Error('Network down'), 'Request failed')).toEqual({ message: 'Network down', fields: {} });
    expect(errorText(undefined, 'Request failed')).toEqual({ message: 'Request failed', fields: {} });
    expect(errorText(new Error(''), 'Request failed').message).toBe('Request failed');
  });
});
