import { apiRequest } from '@site/shared/api-client';
import { ContactResponse, contactRequestOf, type ContactFormValues } from '@site/shared/contracts/marketing';

/** POST /api/contacts with the spec's payload. */
export async function sendContact(values: ContactFormValues): Promise<ContactResponse> {
  return ContactResponse.parse(await apiRequest('/contacts', { method: 'POST', body: contactRequestOf(values) }));
}
