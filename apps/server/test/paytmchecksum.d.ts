/** The payment provider's published Node checksum library (a test dependency: tests check our checksum against it). */
declare module 'paytmchecksum' {
  type Params = Record<string, string | null> | string;
  const PaytmChecksum: {
    generateSignature(params: Params, key: string): Promise<string>;
    /** deletes CHECKSUMHASH from the object it is given */
    verifySignature(params: Params, key: string, checksum: string): boolean;
  };
  export default PaytmChecksum;
}
