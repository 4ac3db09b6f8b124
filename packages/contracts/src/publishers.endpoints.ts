import { z } from 'zod';
import { endpoint } from './endpoint';
import { ConfirmEmailChangeResponseSchema, ConfirmEmailChangeSchema, PersonalInfoSchema, PersonalInfoStoredSchema } from './personal-info';
import { CompanySchema, PartnerSchema, PublisherDetailsQuerySchema, PublisherDetailsSchema } from './publishers';

/** The partners a user may act for, and the chosen publisher's details. */
export const publishersEndpoints = {
  partners: endpoint({
    method: 'GET',
    path: '/api/partners',
    operationId: 'listPartners',
    summary: 'The partners the signed-in user may act for (all of them for staff)',
    tags: ['publishers'],
    access: 'signedIn',
    response: z.array(PartnerSchema),
  }),
  details: endpoint({
    method: 'GET',
    path: '/api/publisher-details',
    operationId: 'getPublisherDetails',
    summary: "A publisher's details: currency, company and, unless includeSites is false, its sites",
    tags: ['publishers'],
    access: 'signedIn',
    query: PublisherDetailsQuerySchema,
    response: PublisherDetailsSchema,
  }),
  updateCompany: endpoint({
    method: 'PUT',
    path: '/api/publisher-details/company',
    operationId: 'updateCompany',
    summary: "Save the chosen publisher's company details",
    tags: ['publishers'],
    access: 'publisher',
    body: CompanySchema,
    response: PublisherDetailsSchema,
  }),
} as const;

/** The signed-in user's own details, and confirming a new sign-in address. */
export const personalInfoEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/personal-info',
    operationId: 'getPersonalInfo',
    summary: "The signed-in user's name, e-mail and phone, and a new e-mail waiting for confirmation",
    tags: ['profile'],
    access: 'signedIn',
    response: PersonalInfoStoredSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/personal-info',
    operationId: 'updatePersonalInfo',
    summary: "Save the signed-in user's details; a new e-mail takes effect once its confirmation link is opened",
    tags: ['profile'],
    access: 'signedIn',
    body: PersonalInfoSchema,
    response: PersonalInfoStoredSchema,
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/personal-info/email/confirm',
    operationId: 'confirmEmailChange',
    summary: 'Confirm a new sign-in e-mail with the code from the link mailed to it',
    tags: ['profile'],
    access: 'public',
    body: ConfirmEmailChangeSchema,
    response: ConfirmEmailChangeResponseSchema,
  }),
} as const;
