import { currencyMessages } from '@tibeb/domain/payments/currency';
import { subjectEtbRateMessage } from '@tibeb/domain/subjects/contract';

/** The dollar price's message on the subject prices screen (the server's own for birr is the domain's). */
export const usdRateMessage = 'Enter the price per hour in US dollars (0 or more).';

/** Texts of the 'chapa' namespace that reach t() as values (their keys in locales/am/chapa.json). */
export const chapaDynamicKeys = [usdRateMessage, subjectEtbRateMessage, ...Object.values(currencyMessages)];
