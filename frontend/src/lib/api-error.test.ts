import { describe, expect, it } from 'vitest';

import { apiErrorMessage, apiFieldErrors } from './api-error';

describe('apiErrorMessage', () => {
  it('reads the detail of the error envelope', () => {
    const error = { status: 409, data: { detail: 'This email is already registered.', code: 'conflict' } };
    expect(apiErrorMessage(error)).toBe('This email is already registered.');
  });

  it('reads legacy shapes: error, message, first item of a list', () => {
    expect(apiErrorMessage({ status: 400, data: { error: 'Bad input' } })).toBe('Bad input');
    expect(apiErrorMessage({ status: 400, data: { message: 'Nope' } })).toBe('Nope');
    expect(apiErrorMessage({ status: 400, data: ['First problem', 'Second'] })).toBe('First problem');
  });

  it('gives nothing when the server said nothing readable', () => {
    expect(apiErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
    expect(apiErrorMessage({ status: 502, data: '<html>Bad gateway</html>' })).toBeUndefined();
    expect(apiErrorMessage({ status: 400, data: { detail: '  ' } })).toBeUndefined();
  });
});

describe('apiFieldErrors', () => {
  it('reads the fields of the envelope', () => {
    const error = { status: 422, data: { detail: 'Check the form.', code: 'validation_error', fields: { email: 'Enter a valid e-mail address.' } } };
    expect(apiFieldErrors(error)).toEqual({ email: 'Enter a valid e-mail address.' });
  });

  it('is empty without fields', () => {
    expect(apiFieldErrors({ status: 500, data: { detail: 'Server error', request_id: 'abc' } })).toEqual({});
  });
});
