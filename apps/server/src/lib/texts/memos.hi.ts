import type { MemoCatalogue } from './memos.ts';

/** Ledger memos in Hindi. Names, vehicle numbers and codes inside a memo stay as written. */
export const MEMOS_HI: MemoCatalogue = {
  memos: {
    tripAdvance: ({ trip }) => `ट्रिप ${trip} का एडवांस`,
    tripTokenReturned: ({ trip }) => `ट्रिप ${trip} का टोकन लौटाया गया`,
    tripBalance: ({ trip }) => `ट्रिप ${trip} का बकाया भुगतान`,
    tripTokenKept: ({ trip }) => `रद्द ट्रिप ${trip} का टोकन`,
    demoTripToken: ({ trip }) => `डेमो ट्रिप ${trip} का टोकन`,
    loadToken: ({ load, from, to }) => `लोड ${load} (${from} → ${to}) का टोकन`,
    loadTokenCancelled: ({ load, refundPaisa, feePaisa }, t) =>
      `लोड ${load} का टोकन रद्द: ${t.money(refundPaisa)} वापस, ${t.money(feePaisa)} शुल्क`,
    autoRecharge: ({ vehicle }) => `${vehicle} का ऑटो-रिचार्ज`,
    fastagRecharge: ({ vehicle }) => `${vehicle} का फास्टैग रिचार्ज`,
    tollReversal: ({ plaza }) => `${plaza} पर टोल वापसी`,
    toll: ({ plaza }) => `${plaza} पर टोल`,
    referralReward: ({ name }) => `रेफ़रल इनाम: ${name} ने पहली ट्रिप पूरी की`,
    collection: ({ collection, consignment }) => `कंसाइनमेंट ${consignment} के लिए वसूली ${collection}`,
    moneyAdded: ({ method }) => `${method} से पैसे जोड़े गए`,
    walletTopUp: () => 'वॉलेट में पैसे जोड़े गए',
    rechargeFromWallet: () => 'वॉलेट से रिचार्ज',
    autoRechargeFromWallet: () => 'वॉलेट से ऑटो-रिचार्ज',
    demoOpeningBalance: () => 'डेमो शुरुआती बैलेंस',
    membership: ({ plan, days }) => `${plan}: ${days} दिन`,
  },
  payMethods: {
    UPI: 'UPI',
    NB: 'नेट बैंकिंग',
    CC: 'क्रेडिट कार्ड',
    DC: 'डेबिट कार्ड',
    CARD: 'कार्ड',
    WALLET: 'वॉलेट',
    OTHER: 'ऑनलाइन भुगतान',
  },
  plans: {
    'Bhada Membership': 'भाड़ा सदस्यता',
    'Bhada Load Membership': 'भाड़ा लोड सदस्यता',
  },
};
