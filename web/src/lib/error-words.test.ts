import { describe, expect, it } from 'vitest';
import { ApiError, refusalOf } from './api-client';
import { errorWords } from './error-words';

describe('errorWords', () => {
  it("words the spec's messages for a person, at the field they are about", () => {
    expect(errorWords(422, 'Unprocessable Entity. Username Already Exists.')).toEqual({
      text: 'That username is taken. Try another one.',
      field: 'username',
    });
    expect(errorWords(401, 'The credentials you entered are invalid. Unauthorized access error.')).toEqual({
      text: 'That password is not right for this username.',
      field: 'password',
    });
    // The spec's trailing space is part of the message it is known by.
    expect(errorWords(400, 'Cannot like a post that is already liked. ').text).toBe(
      'You already like this post.',
    );
    expect(errorWords(400, 'User Already following').text).toBe('You already follow them.');
  });

  it('is keyed on the status too: the same words with another status are not the spec’s refusal', () => {
    expect(errorWords(400, 'Unprocessable Entity. Username Already Exists.')).toEqual({
      text: 'Unprocessable Entity. Username Already Exists.',
    });
  });

  it("keeps Sync's own messages, and says what failed when the answer had none", () => {
    expect(errorWords(429, 'Too many login attempts. Try again in 5 minutes.')).toEqual({
      text: 'Too many login attempts. Try again in 5 minutes.',
    });
    expect(errorWords(503, undefined).text).toBe('Something went wrong on our side. Try again in a moment.');
    expect(errorWords(413, '').text).toBe('Something went wrong (error 413). Try again.');
  });
});

describe('refusalOf', () => {
  it("keeps the API's message beside the person's words", async () => {
    const error = await refusalOf(422, { errors: ['Unprocessable Entity. Username Already Exists.'] });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('That username is taken. Try another one.');
    expect(error.apiMessage).toBe('Unprocessable Entity. Username Already Exists.');
    expect(error.field).toBe('username');
  });

  it('takes an answer that is not `{ errors }` as one without a message', async () => {
    const error = await refusalOf(502, '<html>Bad Gateway</html>');
    expect(error.message).toBe('Something went wrong on our side. Try again in a moment.');
    expect(error.apiMessage).toBeUndefined();
  });
});
