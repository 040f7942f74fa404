import type { Db } from '../db/client.ts';
import {
  rateCards,
  referralCodes,
  referrals,
  type StoredCard,
  supportTickets,
  surveys,
  ticketMessages,
  trainingModules,
} from '../db/schema/index.ts';
import { OP1001 } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

const card = (titleEn: string, titleHi: string, textEn: string, textHi: string, videoUrl: string | null = null): StoredCard => ({
  titleEn,
  titleHi,
  textEn,
  textHi,
  imageUrl: null,
  videoUrl,
});

const HOUR = 3_600_000;

/**
 * Support's demo rows (issue 14): training modules, an active survey, a referral code with two
 * referrals, two tickets with a thread on the first operator, and rate cards in each review state.
 */
export const seedSupport: SeedStep = async (tx: Db) => {
  const now = Date.now();
  await tx.insert(trainingModules).values([
    {
      id: 'TRN-RATING-1',
      type: 'RATING',
      source: 'APP',
      sort: 1,
      titleEn: 'How your rating is made',
      titleHi: 'आपकी रेटिंग कैसे बनती है',
      cards: [
        card(
          'Load on time',
          'समय पर लोडिंग',
          'Reach the loading point before your slot ends.',
          'अपना स्लॉट ख़त्म होने से पहले लोडिंग पॉइंट पर पहुँचें।',
        ),
        card('Send POD fast', 'पीओडी जल्दी भेजें', 'Upload the POD within 24 hours of unloading.', 'अनलोडिंग के 24 घंटे के अंदर पीओडी अपलोड करें।'),
        card('Do not cancel', 'ट्रिप रद्द न करें', 'Every cancelled trip lowers your rating.', 'हर रद्द ट्रिप आपकी रेटिंग घटाती है।'),
      ],
    },
    {
      id: 'TRN-POD-1',
      type: 'POD',
      source: 'TRIP',
      sort: 1,
      titleEn: 'A POD photo that passes',
      titleHi: 'पीओडी की सही फ़ोटो',
      cards: [
        card('All four corners', 'चारों कोने', 'Keep the whole slip in the photo, in daylight.', 'पूरी पर्ची फ़ोटो में रखें, रोशनी में खींचें।'),
        card(
          'Stamp and sign',
          'मोहर और हस्ताक्षर',
          "The consignee's stamp and signature must be clear.",
          'पाने वाले की मोहर और हस्ताक्षर साफ़ दिखने चाहिए।',
          'https://www.youtube.com/watch?v=bhada-pod',
        ),
      ],
    },
    {
      id: 'TRN-LOAD-1',
      type: 'LOADING',
      source: 'TRIP',
      sort: 1,
      titleEn: 'Before loading',
      titleHi: 'लोडिंग से पहले',
      cards: [
        card('Share the OTP', 'ओटीपी बताएं', 'Give the loading OTP only at the loading point.', 'लोडिंग ओटीपी सिर्फ़ लोडिंग पॉइंट पर बताएं।'),
      ],
    },
  ]);
  await tx.insert(surveys).values({
    id: 'SRV-DEMO-1',
    titleEn: 'Tell us about Bhada',
    titleHi: 'भाड़ा के बारे में बताएं',
    active: true,
    questions: [
      {
        questionId: 'q1',
        kind: 'RATING',
        text: { en: 'How happy are you with Bhada?', hi: 'आप भाड़ा से कितने ख़ुश हैं?' },
        options: [],
        required: true,
      },
      {
        questionId: 'q2',
        kind: 'SINGLE',
        text: { en: 'Are payments on time?', hi: 'क्या भुगतान समय पर होता है?' },
        options: [
          { value: 'yes', en: 'Yes', hi: 'हाँ' },
          { value: 'no', en: 'No', hi: 'नहीं' },
        ],
        required: true,
      },
      {
        questionId: 'q3',
        kind: 'MULTIPLE',
        text: { en: 'What do you use most?', hi: 'आप सबसे ज़्यादा क्या इस्तेमाल करते हैं?' },
        options: [
          { value: 'loads', en: 'Loads', hi: 'लोड' },
          { value: 'fastag', en: 'Fastag', hi: 'फास्टैग' },
          { value: 'wallet', en: 'Wallet', hi: 'वॉलेट' },
        ],
        required: true,
      },
      { questionId: 'q4', kind: 'TEXT', text: { en: 'What should we improve?', hi: 'हम क्या बेहतर करें?' }, options: [], required: false },
    ],
  });
  await tx.insert(referralCodes).values({ operatorId: OP1001, code: 'BHDEMO01' });
  await tx.insert(referrals).values([
    {
      id: 'REF-DEMO-1',
      referrerOperatorId: OP1001,
      name: 'Mahesh Roadways',
      phone: '9812300001',
      city: 'Ajmer',
      fleetSize: 4,
      createdAt: new Date(now - 72 * HOUR),
    },
    {
      id: 'REF-DEMO-2',
      referrerOperatorId: OP1001,
      name: 'Gill Carriers',
      phone: '9812300002',
      city: 'Ludhiana',
      fleetSize: 11,
      createdAt: new Date(now - 20 * HOUR),
    },
  ]);
  await tx.insert(supportTickets).values([
    {
      id: 'TKT-DEMO-1',
      operatorId: OP1001,
      raisedBy: 'UOP1001',
      category: 'TRIP_PAYMENT',
      referenceType: 'NONE',
      referenceId: '',
      subject: 'Balance payment not received',
      status: 'IN_PROGRESS',
      assignedTo: 'Bhada Operations',
      messageCount: 2,
      lastMessageAt: new Date(now - 2 * HOUR),
      createdAt: new Date(now - 26 * HOUR),
      updatedAt: new Date(now - 2 * HOUR),
    },
    {
      id: 'TKT-DEMO-2',
      operatorId: OP1001,
      raisedBy: 'UOP1001',
      category: 'OTHER',
      referenceType: 'NONE',
      referenceId: '',
      subject: 'How do I add a second driver?',
      status: 'OPEN',
      messageCount: 1,
      lastMessageAt: new Date(now - 5 * HOUR),
      createdAt: new Date(now - 5 * HOUR),
      updatedAt: new Date(now - 5 * HOUR),
    },
  ]);
  await tx.insert(ticketMessages).values([
    {
      id: 'TMS-DEMO-1',
      ticketId: 'TKT-DEMO-1',
      author: 'OPERATOR',
      authorCode: 'UOP1001',
      authorName: 'Rajesh Kumar',
      body: 'POD was verified two days ago but the balance has not come.',
      createdAt: new Date(now - 26 * HOUR),
    },
    {
      id: 'TMS-DEMO-2',
      ticketId: 'TKT-DEMO-1',
      author: 'SUPPORT',
      authorCode: 'UADMIN',
      authorName: 'Bhada Operations',
      body: 'We have asked the consigner to release it today.',
      createdAt: new Date(now - 2 * HOUR),
    },
    {
      id: 'TMS-DEMO-3',
      ticketId: 'TKT-DEMO-2',
      author: 'OPERATOR',
      authorCode: 'UOP1001',
      authorName: 'Rajesh Kumar',
      body: 'I want my second driver to get trip OTPs too.',
      createdAt: new Date(now - 5 * HOUR),
    },
  ]);
  await tx.insert(rateCards).values([
    {
      id: 'RC-DEMO-1',
      operatorId: OP1001,
      origin: 'Jaipur',
      destination: 'Delhi',
      bodyType: 'CONTAINER',
      tonnage: 25,
      ratePaisa: 4_200_000,
      status: 'APPROVED',
    },
    {
      id: 'RC-DEMO-2',
      operatorId: OP1001,
      origin: 'Jaipur',
      destination: 'Mumbai',
      bodyType: 'OPEN',
      tonnage: 21,
      ratePaisa: 7_850_050,
      status: 'SUBMITTED',
    },
    {
      id: 'RC-DEMO-3',
      operatorId: OP1001,
      origin: 'Udaipur',
      destination: 'Ahmedabad',
      bodyType: 'CONTAINER',
      tonnage: 16,
      ratePaisa: 1_500_000,
      status: 'REJECTED',
      reason: 'Rate is far above the lane average',
    },
  ]);
};
