/** The demo data set: real Indian cities and plausible fleets. Later areas add their own files. */
import { asConsignerCode, asOperatorId } from '../lib/tenancy.ts';

// the demo tenants, branded once here (seed data is a trust boundary, ADR 086)
export const OP1001 = asOperatorId('OP1001');
export const OP1002 = asOperatorId('OP1002');
export const OP1003 = asOperatorId('OP1003');
export const CN2001 = asConsignerCode('CN2001');
export const CN2002 = asConsignerCode('CN2002');

export const DEMO_OPERATORS = [
  { id: OP1001, name: 'Rajesh Kumar', companyName: 'Shree Balaji Roadlines', city: 'Jaipur', phone: '9000000001' },
  { id: OP1002, name: 'Gurpreet Singh', companyName: 'Khalsa Transport Co.', city: 'Ludhiana', phone: '9000000002' },
  { id: OP1003, name: 'Sunita Yadav', companyName: 'Yadav Logistics', city: 'Nagpur', phone: '9000000003' },
] as const;

export const DEMO_SUBORDINATES = [
  { operatorId: OP1001, name: 'Mahesh Sharma', phone: '9000000011', role: 'Dispatcher' },
  { operatorId: OP1001, name: 'Pooja Meena', phone: '9000000012', role: 'Accounts' },
  { operatorId: OP1002, name: 'Harjit Kaur', phone: '9000000021', role: 'Fleet manager' },
  { operatorId: OP1003, name: 'Anil Wankhede', phone: '9000000031', role: 'Dispatcher' },
] as const;

/** Roles each demo operator starts with; the Dispatcher has no user management. */
export const DEMO_ROLES = {
  Dispatcher: ['LOADS_VIEW', 'QUOTES_SUBMIT', 'TOKENS_PAY', 'TRIPS_VIEW', 'TRIPS_MANAGE', 'POD_UPLOAD', 'VEHICLES_VIEW', 'FASTAG_VIEW'],
  Accounts: ['WALLET_VIEW', 'WALLET_ADD_MONEY', 'FASTAG_VIEW', 'FASTAG_RECHARGE', 'REPORTS_DOWNLOAD', 'TRIPS_VIEW'],
  'Fleet manager': ['VEHICLES_VIEW', 'VEHICLES_MANAGE', 'DOCUMENTS_MANAGE', 'TRIPS_VIEW', 'USERS_MANAGE', 'FASTAG_VIEW'],
} as const;

export const DEMO_CONSIGNERS = [
  {
    code: CN2001,
    name: 'Hindustan Cement Works',
    user: { name: 'Vikram Rathore', phone: '9000000101' },
  },
  { code: CN2002, name: 'Deccan Agro Foods', user: { name: 'Lakshmi Narayanan', phone: '9000000102' } },
] as const;

export const DEMO_ADMIN = { name: 'Bhada Operations', phone: '9000000900' };

export const CITIES = [
  { city: 'Jaipur', lat: 26.9124, lng: 75.7873, state: 'RJ' },
  { city: 'Delhi', lat: 28.7041, lng: 77.1025, state: 'DL' },
  { city: 'Mumbai', lat: 19.076, lng: 72.8777, state: 'MH' },
  { city: 'Pune', lat: 18.5204, lng: 73.8567, state: 'MH' },
  { city: 'Ahmedabad', lat: 23.0225, lng: 72.5714, state: 'GJ' },
  { city: 'Ludhiana', lat: 30.901, lng: 75.8573, state: 'PB' },
  { city: 'Nagpur', lat: 21.1458, lng: 79.0882, state: 'MH' },
  { city: 'Indore', lat: 22.7196, lng: 75.8577, state: 'MP' },
  { city: 'Kolkata', lat: 22.5726, lng: 88.3639, state: 'WB' },
  { city: 'Chennai', lat: 13.0827, lng: 80.2707, state: 'TN' },
  { city: 'Bengaluru', lat: 12.9716, lng: 77.5946, state: 'KA' },
  { city: 'Hyderabad', lat: 17.385, lng: 78.4867, state: 'TG' },
] as const;

export const VEHICLE_MODELS = [
  { vehicleType: '32 FT MXL Container', bodyType: 'CONTAINER', tyreCount: 14, tonnage: 25, sizeInFeet: 32, heightInFeet: 8 },
  { vehicleType: '32 FT SXL Container', bodyType: 'CONTAINER', tyreCount: 6, tonnage: 9, sizeInFeet: 32, heightInFeet: 8 },
  { vehicleType: '20 FT Container', bodyType: 'CONTAINER', tyreCount: 6, tonnage: 7, sizeInFeet: 20, heightInFeet: 7.5 },
  { vehicleType: 'Taurus 16 Tyre Open', bodyType: 'OPEN', tyreCount: 16, tonnage: 35, sizeInFeet: 28, heightInFeet: null },
  { vehicleType: '12 Tyre Open', bodyType: 'OPEN', tyreCount: 12, tonnage: 25, sizeInFeet: 24, heightInFeet: null },
  { vehicleType: '10 Tyre Open', bodyType: 'OPEN', tyreCount: 10, tonnage: 19, sizeInFeet: 22, heightInFeet: null },
  { vehicleType: '40 FT Flatbed Trailer', bodyType: 'TRAILER', tyreCount: 22, tonnage: 40, sizeInFeet: 40, heightInFeet: null },
  { vehicleType: '22 Tyre Trailer', bodyType: 'TRAILER', tyreCount: 22, tonnage: 42, sizeInFeet: 40, heightInFeet: null },
] as const;

export const DRIVER_NAMES = [
  'Ramesh Yadav',
  'Suresh Gurjar',
  'Baldev Singh',
  'Mohammad Irfan',
  'Kuldeep Jat',
  'Santosh Patil',
  'Manoj Tiwari',
  'Raju Bishnoi',
  'Sukhwinder Singh',
  'Ganesh Pawar',
  'Dinesh Meena',
  'Arjun Thakur',
] as const;

/** RTO codes per state, for registration numbers that look right. */
export const RTO = {
  RJ: ['14', '02', '27', '19'],
  PB: ['10', '08', '65', '91'],
  MH: ['40', '31', '12', '04'],
} as const;
