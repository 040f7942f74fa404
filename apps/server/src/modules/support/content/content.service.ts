import type { Banner } from '@bhada/contracts/support/content';

/** Banners per display page; kept in code until an admin screen manages them (ADR 026). */
const BANNERS: Record<string, Banner[]> = {
  ACTIVE_LOADS: [
    {
      id: 'BN-TOKEN-WALLET',
      title: 'Pay tokens from your wallet',
      titleHi: 'टोकन अपने वॉलेट से भरें',
      body: 'Keep money in your Bhada wallet to confirm won loads in one tap.',
      bodyHi: 'जीते हुए लोड एक टैप में कन्फर्म करने के लिए भाड़ा वॉलेट में पैसे रखें।',
      link: '/portal/fastag?addMoney=1',
      tone: 'info',
    },
    {
      id: 'BN-FAIR-BIDS',
      title: 'Quote your best price early',
      titleHi: 'अपना सबसे अच्छा भाव जल्दी लगाएँ',
      body: 'With equal quotes, the earlier one ranks higher.',
      bodyHi: 'बराबर भाव होने पर पहले लगाया गया भाव ऊपर रहता है।',
      link: null,
      tone: 'success',
    },
  ],
  LOAD_DETAILS: [
    {
      id: 'BN-REFUND',
      title: 'Token refund policy',
      titleHi: 'टोकन वापसी नीति',
      body: 'Full refund if you cancel 24 hours before loading, half after that.',
      bodyHi: 'लोडिंग से 24 घंटे पहले रद्द करने पर पूरा पैसा वापस, उसके बाद आधा।',
      link: '/public/token-refund',
      tone: 'warning',
    },
  ],
};

export function bannersFor(displayPage: string): Banner[] {
  return BANNERS[displayPage.toUpperCase()] ?? [];
}
