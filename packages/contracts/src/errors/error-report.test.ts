import { describe, expect, it } from 'vitest';
import { scrubReport } from './error-report.ts';

const jwt =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.eyJzdWIiOiIxMjM0NTY3ODkwIiwiZW1haWwiOiJhQGIuYyJ9.c2lnbmF0dXJlLXZhbHVlLWhlcmU';

describe('error reports', () => {
  it('never carries request bodies, secret headers or secret fields', () => {
    const event = scrubReport({
      message: 'boom',
      request: {
        url: 'https://farm.example/user-api/public/authorized-emails/confirm?token=abc123&x=1',
        method: 'POST',
        data: { password: 'Correct-horse1', code: '123456' },
        headers: {
          authorization: jwt,
          'x-api-key': 'bt_abcdefghijklmnopqrstuvwxyz',
          accept: '*/*',
        },
        cookies: { session: 's' },
        query_string: 'code=654321',
      },
      extra: { newPassword: 'Secret-pass9', note: `sent ${jwt}` },
      breadcrumbs: [
        { message: 'Authorization: Bearer abc.def.ghi', data: { url: '/x?id_token=zzz' } },
      ],
    });
    expect(event.request).toEqual({
      url: 'https://farm.example/user-api/public/authorized-emails/confirm?token=[Filtered]&x=1',
      method: 'POST',
      headers: { authorization: '[Filtered]', 'x-api-key': '[Filtered]', accept: '*/*' },
      cookies: { session: 's' },
      query_string: 'code=[Filtered]',
    });
    expect(event.extra).toEqual({ newPassword: '[Filtered]', note: 'sent [Filtered]' });
    expect(event.breadcrumbs[0]).toEqual({
      message: 'Authorization: Bearer [Filtered]',
      data: { url: '/x?id_token=[Filtered]' },
    });
    const text = JSON.stringify(event);
    for (const secret of ['Correct-horse1', '123456', '654321', 'abc123', 'Secret-pass9', 'eyJ']) {
      expect(text).not.toContain(secret);
    }
  });

  it('leaves the rest alone', () => {
    const event = { exception: { values: [{ type: 'Error', value: 'Database is down' }] } };
    expect(scrubReport(event)).toEqual(event);
  });
});
