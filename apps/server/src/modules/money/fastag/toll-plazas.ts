import type { TagClass } from '@bhada/contracts/money/fastag';

/**
 * Toll plazas on the demo fleets' lanes, with their single-journey car fare in rupees (2024–25
 * NHAI notifications, rounded). Heavier classes pay a multiple of the car fare, as the NHAI fee rules do.
 */
export interface Plaza {
  name: string;
  code: string;
  highway: string;
  carFare: number;
}

export const LANES: Record<string, { name: string; plazas: Plaza[] }> = {
  NH48: {
    name: 'Jaipur – Gurugram (NH48)',
    plazas: [
      { name: 'Daulatpura Toll Plaza (NH48)', code: 'RJ-DLP', highway: 'NH48', carFare: 70 },
      { name: 'Manoharpur Toll Plaza (NH48)', code: 'RJ-MNP', highway: 'NH48', carFare: 135 },
      { name: 'Shahjahanpur Toll Plaza (NH48)', code: 'RJ-SJP', highway: 'NH48', carFare: 125 },
      { name: 'Kherki Daula Toll Plaza (NH48)', code: 'HR-KDL', highway: 'NH48', carFare: 80 },
    ],
  },
  NH44: {
    name: 'Ludhiana – Delhi (NH44)',
    plazas: [
      { name: 'Ladhowal Toll Plaza (NH44)', code: 'PB-LDW', highway: 'NH44', carFare: 215 },
      { name: 'Shambhu Toll Plaza (NH44)', code: 'PB-SMB', highway: 'NH44', carFare: 170 },
      { name: 'Gharaunda Toll Plaza (NH44)', code: 'HR-GRD', highway: 'NH44', carFare: 150 },
      { name: 'Panipat Toll Plaza (NH44)', code: 'HR-PNP', highway: 'NH44', carFare: 150 },
    ],
  },
  MPEW: {
    name: 'Mumbai – Pune Expressway / Nagpur (NH44)',
    plazas: [
      { name: 'Khalapur Toll Plaza (Mumbai–Pune Expressway)', code: 'MH-KLP', highway: 'MPEW', carFare: 320 },
      { name: 'Talegaon Toll Plaza (Mumbai–Pune Expressway)', code: 'MH-TLG', highway: 'MPEW', carFare: 100 },
      { name: 'Borkhedi Toll Plaza (NH44)', code: 'MH-BRK', highway: 'NH44', carFare: 105 },
    ],
  },
};

/** Which lane a vehicle runs, by the state of its registration. */
export function laneFor(vehicleNumber: string): keyof typeof LANES {
  if (vehicleNumber.startsWith('PB') || vehicleNumber.startsWith('HR')) return 'NH44';
  if (vehicleNumber.startsWith('MH')) return 'MPEW';
  return 'NH48';
}

export const CLASS_MULTIPLIER: Record<TagClass, number> = { 4: 1, 5: 1.6, 6: 3.3, 7: 3.6, 12: 5.2, 15: 6.3, 16: 5.2 };

/** The fare in paisa for a tag class, rounded to ₹5 as plazas charge. */
export function tollFarePaisa(plaza: Plaza, tagClass: TagClass): number {
  return Math.round((plaza.carFare * CLASS_MULTIPLIER[tagClass]) / 5) * 5 * 100;
}

/** The tag class a truck gets from its tyre count (NPCI vehicle classes). */
export function tagClassForTyres(tyres: number): TagClass {
  if (tyres <= 4) return 5;
  if (tyres <= 6) return 6;
  if (tyres <= 10) return 7;
  if (tyres <= 18) return 12;
  return 15;
}
