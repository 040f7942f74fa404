import { financialYearOf, gstinCheckChar, OPERATOR_ACCEPTED_POLICIES, POLICY_VERSIONS } from '@bhada/contracts/account/account';
import { istDay } from '@bhada/contracts/time';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { operatorProfiles, policyAcceptances, savedPlaces, tdsDeclarations, vehicles } from '../db/schema/index.ts';
import { OP1001, OP1002, OP1003 } from './demo-data.ts';
import type { SeedStep } from './seed.ts';

const gstin = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckChar(`${state}${pan}1Z`)}`;

/** Demo compliance details; OP1003 (ten trucks) has a TDS declaration for this financial year. */
const PROFILES = [
  { operatorId: OP1001, pan: 'AKRPK4521L', state: '08', bank: ['Shree Balaji Roadlines', '50200012345678', 'HDFC0001234'] },
  { operatorId: OP1002, pan: 'BGSPS7788K', state: '03', bank: null },
  { operatorId: OP1003, pan: 'CSYPY3344M', state: '27', bank: ['Yadav Logistics', '3456789012', 'SBIN0000432'] },
] as const;

export const seedAccount: SeedStep = async (tx: Db) => {
  for (const p of PROFILES) {
    await tx.insert(operatorProfiles).values({
      operatorId: p.operatorId,
      pan: p.pan,
      gstin: gstin(p.state, p.pan),
      email: `accounts@${p.operatorId.toLowerCase()}.example.in`,
      bankAccountName: p.bank?.[0] ?? null,
      bankAccountNumber: p.bank?.[1] ?? null,
      bankIfsc: p.bank?.[2] ?? null,
    });
  }
  const today = istDay(new Date());
  const fyStart = Number(financialYearOf(today).slice(0, 4));
  const fleet = await tx.select({ number: vehicles.number }).from(vehicles).where(eq(vehicles.operatorId, OP1003)).limit(10);
  await tx.insert(tdsDeclarations).values({
    id: 'TDS-DEMO-OP1003',
    operatorId: OP1003,
    kind: 'TDS_DECLARATION',
    name: 'Sunita Yadav',
    fatherName: 'Ramprasad Yadav',
    pan: 'CSYPY3344M',
    street: 'Plot 14, Transport Nagar, Kamptee Road',
    city: 'Nagpur',
    state: 'Maharashtra',
    pinCode: '440026',
    phone: '9000000003',
    opCode: OP1003,
    vehicleNumbers: fleet.map((v) => v.number),
    signedOn: `${fyStart}-04-01`,
    startDate: `${fyStart}-04-01`,
    endDate: `${fyStart + 1}-03-31`,
    createdBy: 'USR-OP1003',
  });
  // the demo operators accepted the policies in force (a raised version asks them again)
  for (const p of PROFILES) {
    await tx.insert(policyAcceptances).values(
      OPERATOR_ACCEPTED_POLICIES.map((type) => ({
        operatorId: p.operatorId,
        policyType: type,
        version: POLICY_VERSIONS[type],
        userId: `USR-${p.operatorId}`,
      })),
    );
  }
  await tx.insert(savedPlaces).values([
    {
      id: 'SP-DEMO-1',
      ownerKind: 'OPERATOR',
      ownerId: 'OP1001',
      placeName: 'Balaji Godown, Sitapura',
      placeLat: 26.7843,
      placeLng: 75.8236,
      placeId: 'PL019',
      createdBy: 'USR-OP1001',
    },
    {
      id: 'SP-DEMO-2',
      ownerKind: 'OPERATOR',
      ownerId: 'OP1001',
      placeName: 'Kotputli Cement Gate 2',
      placeLat: 27.7025,
      placeLng: 76.1999,
      placeId: 'PL042',
      createdBy: 'USR-OP1001',
    },
    {
      id: 'SP-DEMO-3',
      ownerKind: 'OPERATOR',
      ownerId: 'OP1001',
      placeName: 'Okhla Unloading Yard',
      placeLat: 28.5355,
      placeLng: 77.2739,
      placeId: 'PL021',
      createdBy: 'USR-OP1001',
    },
    // a consigner keeps its own places for posting loads (ADR 115)
    {
      id: 'SP-DEMO-4',
      ownerKind: 'CONSIGNER',
      ownerId: 'CN2001',
      placeName: 'Our Sitapura Depot',
      placeLat: 26.7843,
      placeLng: 75.8236,
      placeId: 'PL019',
      createdBy: 'USR-CN2001',
    },
  ]);
};
