/** The demo world printed by `npm start`; ids are stable so links and tests can name them. */
export const DEMO_PASSWORD = 'demo-partners-1';

export const DEMO_PUBLISHERS = [
  {
    id: '1001',
    name: 'Northwind News',
    currency: 'USD',
    has_direct: true,
    appnexus: { marketplace: '11001', direct: '21001' },
    company: {
      name: 'Northwind News Ltd',
      website: 'https://northwind-news.example',
      address: '12 Harbour Street',
      city: 'Boston',
      country: 'US',
      zip_code: '02110',
      registration_number: 'NW-448812',
      type: 'Private company',
      vat_registration_office: '',
      email: 'finance@northwind-news.example',
      first_name: 'Dana',
      last_name: 'Reyes',
      phone: '+1 617 555 0142',
    },
    sites: [
      { id: '5001', name: 'Northwind News', domain: 'northwind-news.example', active: true, taboola_organic: true },
      { id: '5002', name: 'Northwind Sport', domain: 'sport.northwind-news.example', active: true, taboola_organic: false },
    ],
  },
  {
    id: '1002',
    name: 'Blue Harbor Media',
    currency: 'EUR',
    has_direct: false,
    appnexus: { marketplace: '11002', direct: null },
    company: {
      name: 'Blue Harbor Media GmbH',
      website: 'https://blueharbor.example',
      address: 'Hafenstrasse 8',
      city: 'Hamburg',
      country: 'DE',
      zip_code: '20457',
      registration_number: 'HRB 120044',
      type: 'GmbH',
      vat_registration_office: 'Finanzamt Hamburg',
      email: 'office@blueharbor.example',
      first_name: 'Jonas',
      last_name: 'Keller',
      phone: '+49 40 5555 0199',
    },
    sites: [{ id: '5101', name: 'Blue Harbor', domain: 'blueharbor.example', active: true, taboola_organic: false }],
  },
  {
    id: '1003',
    name: 'Evergreen Digital',
    currency: 'GBP',
    has_direct: true,
    appnexus: { marketplace: '11003', direct: '21003' },
    company: {
      name: 'Evergreen Digital plc',
      website: 'https://evergreen-digital.example',
      address: '4 King’s Road',
      city: 'London',
      country: 'GB',
      zip_code: 'SW3 4RP',
      registration_number: '09912345',
      type: 'Public limited company',
      vat_registration_office: 'HMRC',
      email: 'accounts@evergreen-digital.example',
      first_name: 'Priya',
      last_name: 'Shah',
      phone: '+44 20 7946 0958',
    },
    sites: [
      { id: '5201', name: 'Evergreen Living', domain: 'living.evergreen-digital.example', active: true, taboola_organic: false },
      { id: '5202', name: 'Evergreen Travel', domain: 'travel.evergreen-digital.example', active: true, taboola_organic: false },
      { id: '5203', name: 'Evergreen Archive', domain: 'archive.evergreen-digital.example', active: false, taboola_organic: true },
      { id: '5204', name: 'Evergreen Food (paused)', domain: 'food.evergreen-digital.example', active: false, taboola_organic: false },
    ],
  },
  {
    id: '1004',
    name: 'Summit Publishing',
    currency: 'USD',
    has_direct: false,
    appnexus: { marketplace: '11004', direct: null },
    company: {
      name: 'Summit Publishing Inc',
      website: 'https://summit-publishing.example',
      address: '900 Pine Avenue',
      city: 'Denver',
      country: 'US',
      zip_code: '80202',
      registration_number: 'SP-77120',
      type: 'Corporation',
      vat_registration_office: '',
      email: 'ap@summit-publishing.example',
      first_name: 'Alex',
      last_name: 'Morgan',
      phone: '+1 303 555 0177',
    },
    sites: [{ id: '5301', name: 'Summit Outdoors', domain: 'summit-publishing.example', active: true, taboola_organic: true }],
  },
] as const;

/** The demo sign-ins by role: tests, benches and seeds name users through this, never by address. */
export const DEMO_EMAILS = {
  admin: 'admin@demo.example',
  staff: 'staff@demo.example',
  multi: 'multi@demo.example',
  single: 'single@demo.example',
} as const;

export const DEMO_USERS = [
  { email: DEMO_EMAILS.admin, first: 'Ada', last: 'Admin', scope: 'ALL', admin: true, role: 'provider admin' },
  { email: DEMO_EMAILS.staff, first: 'Sam', last: 'Staff', scope: 'ALL', admin: false, role: 'provider staff' },
  { email: DEMO_EMAILS.multi, first: 'Morgan', last: 'Multi', scope: '1001,1003', admin: false, role: 'media owner, two publishers' },
  { email: DEMO_EMAILS.single, first: 'Sasha', last: 'Single', scope: '1002', admin: false, role: 'media owner, one publisher' },
] as const;

/**
 * What the plans, flag, services and API-key seeders of `npm start` share (demo/seed-demo-services.ts
 * builds it once): each demo user's id by role, and times counted back from one start.
 */
export interface DemoSeedContext {
  uid: (role: keyof typeof DEMO_EMAILS) => string | null;
  ago: (ms: number) => Date;
}
