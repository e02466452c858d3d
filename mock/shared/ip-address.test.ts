import { isIPv4 as nodeIsIPv4, isIPv6 as nodeIsIPv6 } from 'node:net'
import { describe, expect, test } from '@jest/globals'
import { isIPv4, isIPv6 } from './ip-address.ts'

const SAMPLES = [
  '127.0.0.1',
  '0.0.0.0',
  '255.255.255.255',
  '256.1.1.1',
  '01.2.3.4',
  '1.2.3',
  '1.2.3.4.5',
  '::',
  '::1',
  '1::',
  '1:2:3:4:5:6:7:8',
  '1:2:3:4:5:6:7:8:9',
  '1:2:3:4:5:6:7::',
  '::2:3:4:5:6:7:8',
  '1::8',
  '1:2::7:8',
  '::ffff:127.0.0.1',
  '1:2:3:4:5:6:1.2.3.4',
  '1::1.2.3.4',
  '1:2:3:4:5:6:7:1.2.3.4',
  'fe80::1%eth0',
  'fe80::1%',
  ':::',
  '1:::2',
  '12345::',
  'g::1',
  '[::1]',
  'localhost',
  '',
]

describe('isIPv4 and isIPv6', () => {
  test('When each sample is read, then both answer as node:net does', () => {
    // Act
    const ours = SAMPLES.map((text) => [text, isIPv4(text), isIPv6(text)])
    const nodes = SAMPLES.map((text) => [text, nodeIsIPv4(text), nodeIsIPv6(text)])

    // Assert
    expect(ours).toEqual(nodes)
  })
})
