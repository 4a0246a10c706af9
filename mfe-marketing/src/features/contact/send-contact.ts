import { apiRequest } from '@site/shared/api-client';
import { ContactResponse, type ContactFormValues, type ContactRequest } from '@site/shared/contracts/marketing';

/** POST /api/contacts with the spec's payload: phone fields are sent empty, the service is the subject. */
export async function sendContact(values: ContactFormValues): Promise<ContactResponse> {
  const body: ContactRequest = {
    name: values.name,
    email: values.email,
    country_code: '',
    phone_number: '',
    message: values.message,
    subject: values.service,
  };
  return ContactResponse.parse(await apiRequest('/contacts', { method: 'POST', body }));
}
