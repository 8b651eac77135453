import { describe, expect, it } from 'vitest';

import { apiErrorMessage, apiFieldErrors, errorStatus, errorText, failureSentence } from './api-error';

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
    const error = { status: 400, data: { detail: 'Check the form.', code: 'validation_error', fields: { email: 'Enter a valid e-mail address.' } } };
    expect(apiFieldErrors(error)).toEqual({ email: 'Enter a valid e-mail address.' });
  });

  it('is empty without fields', () => {
    expect(apiFieldErrors({ status: 500, data: { detail: 'Server error', request_id: 'abc' } })).toEqual({});
  });
});

describe('errorStatus', () => {
  it('reads the status or the kind of a failed call', () => {
    expect(errorStatus({ status: 404, data: {} })).toBe(404);
    expect(errorStatus({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('FETCH_ERROR');
    expect(errorStatus(new Error('boom'))).toBeUndefined();
  });
});

describe('apiErrorMessage and a 2xx the caller refused', () => {
  it('does not read a success body as an error message', () => {
    expect(apiErrorMessage({ status: 201, data: { message: 'Created' } })).toBeUndefined();
  });
});

describe('errorText', () => {
  it("prefers the server's words, then what the browser said", () => {
    expect(errorText({ status: 503, data: { detail: 'Database unavailable.' } })).toBe('Database unavailable.');
    expect(errorText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('Failed to fetch');
    expect(errorText(new Error('Timed out'))).toBe('Timed out');
    expect(errorText({ status: 500, data: '<html>' })).toBeUndefined();
  });
});

describe('failureSentence', () => {
  const sentences = { noResponse: 'No answer', invalidResponse: 'Unreadable', refused: 'Refused', failure: 'Failed' };

  it('always gives a sentence: the server message first, else the one for the kind of failure', () => {
    expect(failureSentence({ status: 401, data: { detail: 'Account locked.' } }, sentences)).toBe('Account locked.');
    expect(failureSentence({ status: 401, data: {} }, sentences)).toBe('Refused');
    expect(failureSentence({ status: 500, data: {} }, sentences)).toBe('Failed');
    expect(failureSentence({ status: 'FETCH_ERROR', error: 'x' }, sentences)).toBe('No answer');
    expect(failureSentence({ status: 'TIMEOUT_ERROR', error: 'x' }, sentences)).toBe('No answer');
    expect(failureSentence({ status: 'PARSING_ERROR', originalStatus: 200, data: '<', error: 'x' }, sentences)).toBe('Unreadable');
    expect(failureSentence({ status: 'PARSING_ERROR', originalStatus: 502, data: '<', error: 'x' }, sentences)).toBe('Failed');
  });
});
