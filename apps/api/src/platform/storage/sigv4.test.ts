import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, sha256Hex, signRequest, uriEncode } from './sigv4.ts';

// The examples of AWS's S3 documentation, "Signature Calculations for the Authorization Header: Transferring
// Payload in a Single Chunk (AWS Signature Version 4)": bucket examplebucket in us-east-1, 24 May 2013.
const example = {
  region: 'us-east-1',
  credentials: {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  date: new Date('2013-05-24T00:00:00Z'),
};
const at = (path: string) => new URL(`https://examplebucket.s3.amazonaws.com${path}`);

describe('AWS Signature Version 4 (S3)', () => {
  it('GET Object with a Range header: the canonical request, string to sign and signature AWS publishes', () => {
    const signed = signRequest({
      ...example,
      method: 'GET',
      url: at('/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object with a body and a key that needs encoding ($)', () => {
    const body = Buffer.from('Welcome to Amazon S3.');
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signRequest({
      ...example,
      method: 'PUT',
      url: at('/test$file.text'),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex(body),
    });
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.stringToSign.split('\n')[3]).toBe(
      '9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d',
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
    expect(signed.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,',
    );
  });

  it('GET Bucket Lifecycle (a query parameter without a value)', () => {
    const signed = signRequest({
      ...example,
      method: 'GET',
      url: at('/?lifecycle'),
      payloadHash: EMPTY_SHA256,
    });
    expect(signed.canonicalRequest.split('\n').slice(0, 3)).toEqual(['GET', '/', 'lifecycle=']);
    expect(signed.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('Get Bucket (List Objects): query parameters sorted', () => {
    const signed = signRequest({
      ...example,
      method: 'GET',
      url: at('/?prefix=J&max-keys=2'),
      payloadHash: EMPTY_SHA256,
    });
    expect(signed.canonicalRequest.split('\n')[2]).toBe('max-keys=2&prefix=J');
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('encodes as RFC 3986 asks (spaces as %20, reserved characters too), and a port stays in the host', () => {
    expect(uriEncode("a b+c!'()*~._-")).toBe('a%20b%2Bc%21%27%28%29%2A~._-');
    const signed = signRequest({
      ...example,
      method: 'DELETE',
      url: new URL('http://127.0.0.1:9000/uploads/tutors/a%20b.webp'),
      payloadHash: EMPTY_SHA256,
    });
    expect(signed.headers.host).toBe('127.0.0.1:9000');
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/uploads/tutors/a%20b.webp');
  });
});
