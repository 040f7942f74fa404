/**
 * The messages the server sends in an envelope — refusals above all, shown to the user as a notice — in
 * the reader's language (ADR 161, after ADR 147). The contracts and the modules keep writing the spec's
 * English; the envelope's `message` is rendered here when the answer leaves, from one catalogue keyed by
 * that exact English. A message with parts (a vehicle number, an amount, a date) has a rule; a validation
 * message zod writes itself is rendered from its issue; anything still unknown becomes, for a Hindi
 * reader, what its error code means, so a Hindi reader never meets an English notice. A test walks every
 * message the contracts and the server's source can send and fails on one without a Hindi text.
 */
import { memoText, type TextLocale } from './user-text.ts';

/** Exact English → Hindi. Codes (PAN, GSTIN, OTP, UPI, POD …), numbers and examples stay as written. */
const HINDI: Record<string, string> = {
  // common
  'Something went wrong': 'कुछ गड़बड़ हो गई',
  'Something went wrong, try again!': 'कुछ गड़बड़ हो गई, फिर से कोशिश करें!',
  'Something went wrong. Please try again.': 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'Not found': 'यह नहीं मिला',
  'You are not allowed to do this': 'आपको यह करने की अनुमति नहीं है',
  'Your role does not allow this': 'आपकी भूमिका में इसकी अनुमति नहीं है',
  'Please log in again': 'कृपया फिर से लॉग इन करें',
  'Please try again': 'कृपया फिर से कोशिश करें',
  'Too many requests. Please wait a few minutes and try again.': 'बहुत ज़्यादा अनुरोध। कुछ मिनट रुककर फिर से कोशिश करें।',
  'Body is not JSON': 'भेजी गई जानकारी सही रूप में नहीं है',
  'Invalid characters in the request': 'अनुरोध में ऐसे अक्षर हैं जो स्वीकार नहीं हैं',
  'Invalid report parameters': 'रिपोर्ट के लिए चुनी गई जानकारी सही नहीं है',
  'Enter a real date': 'सही तारीख डालें',
  'Invalid Date': 'तारीख सही नहीं है',
  Required: 'ज़रूरी है',
  Saved: 'सेव हो गया',
  'Invalid link': 'लिंक सही नहीं है',
  'This link has expired or is not valid': 'यह लिंक पुराना हो गया है या सही नहीं है',
  'The time cannot be in the future': 'समय आगे का नहीं हो सकता',
  'The date cannot be in the future': 'तारीख आगे की नहीं हो सकती',
  'The start date must be before the end date': 'शुरू की तारीख आख़िरी तारीख से पहले होनी चाहिए',
  'The start date must be on or before the end date': 'शुरू की तारीख आख़िरी तारीख के दिन या उससे पहले होनी चाहिए',
  'Start Date cannot be greater than End Date': 'शुरू की तारीख आख़िरी तारीख के बाद नहीं हो सकती',
  'Please select a date range of not more than 14 days': 'कृपया 14 दिन से ज़्यादा की अवधि न चुनें',
  'The period cannot end in the future': 'अवधि आगे की तारीख पर ख़त्म नहीं हो सकती',
  'Pick a period of at most 366 days': 'ज़्यादा से ज़्यादा 366 दिन की अवधि चुनें',
  'Use a date like 2026-04-01': 'तारीख 2026-04-01 की तरह लिखें',
  'Use a date like 2026-12-31': 'तारीख 2026-12-31 की तरह लिखें',
  'Enter a date as YYYY-MM-DD': 'तारीख YYYY-MM-DD की तरह लिखें',
  'Enter a date and time': 'तारीख और समय डालें',
  'Time must be whole seconds': 'समय पूरे सेकंड में होना चाहिए',
  'Time must not be before 1970': 'समय 1970 से पहले का नहीं हो सकता',
  'Time must be in seconds, not milliseconds': 'समय सेकंड में होना चाहिए, मिलीसेकंड में नहीं',
  // uploads and files
  'Invalid file key': 'फ़ाइल की पहचान सही नहीं है',
  'Invalid file name': 'फ़ाइल का नाम सही नहीं है',
  'File not found': 'फ़ाइल नहीं मिली',
  'fileName is required': 'फ़ाइल का नाम ज़रूरी है',
  'file is required': 'फ़ाइल ज़रूरी है',
  'Invalid clientKey': 'अपलोड की पहचान सही नहीं है',
  'This upload link was already used': 'यह अपलोड लिंक पहले ही इस्तेमाल हो चुका है',
  'The upload did not complete. Please try again.': 'अपलोड पूरा नहीं हुआ। कृपया फिर से कोशिश करें।',
  'A submitted file cannot be removed': 'जमा की गई फ़ाइल हटाई नहीं जा सकती',
  'Choose a photo or a PDF': 'एक फ़ोटो या PDF चुनें',
  'Too many files waiting. Submit or remove some first.': 'बहुत सारी फ़ाइलें बाकी हैं। पहले कुछ जमा करें या हटाएँ।',
  'Too many files waiting. Submit the documents you uploaded first.': 'बहुत सारी फ़ाइलें बाकी हैं। पहले अपलोड किए गए दस्तावेज़ जमा करें।',
  'Too many photos waiting. Send or remove some first.': 'बहुत सारी फ़ोटो बाकी हैं। पहले कुछ भेजें या हटाएँ।',
  // auth, users, roles
  'If this number is registered, a code has been sent to it.': 'अगर यह नंबर रजिस्टर है, तो इस पर कोड भेज दिया गया है।',
  'The code is wrong or has expired. Please check it or ask for a new one.': 'कोड गलत है या उसका समय निकल गया है। कृपया जाँचें या नया कोड मँगाएँ।',
  'Too many codes asked for this number. Please try again in 15 minutes.':
    'इस नंबर के लिए बहुत सारे कोड माँगे गए। कृपया 15 मिनट बाद फिर से कोशिश करें।',
  'Logged out': 'लॉग आउट हो गए',
  'Enter a 10-digit mobile number': '10 अंकों का मोबाइल नंबर डालें',
  'Enter a valid 10-digit Indian mobile number': 'सही 10 अंकों का भारतीय मोबाइल नंबर डालें',
  'Enter the 6-digit code': '6 अंकों का कोड डालें',
  'userCode does not match the logged-in user': 'यह खाता लॉग इन किए गए उपयोगकर्ता का नहीं है',
  'This is for consigners only': 'यह सिर्फ़ कंसाइनर के लिए है',
  'This is for truck operators only': 'यह सिर्फ़ ट्रक ऑपरेटर के लिए है',
  'User added successfully': 'उपयोगकर्ता जोड़ दिया गया',
  'User deleted successfully.': 'उपयोगकर्ता हटा दिया गया।',
  'Role created successfully': 'भूमिका बना दी गई',
  'Role added successfully': 'भूमिका जोड़ दी गई',
  'Role deleted successfully': 'भूमिका हटा दी गई',
  'A role with this name already exists': 'इस नाम की भूमिका पहले से है',
  'This mobile number is already registered': 'यह मोबाइल नंबर पहले से रजिस्टर है',
  'Role not found': 'भूमिका नहीं मिली',
  'User not found': 'उपयोगकर्ता नहीं मिला',
  'Operator not found': 'ऑपरेटर नहीं मिला',
  'Consigner not found': 'कंसाइनर नहीं मिला',
  'Unknown consigner': 'यह कंसाइनर नहीं मिला',
  'Unknown consignee': 'यह कंसाइनी नहीं मिला',
  'Choose the consigner': 'कंसाइनर चुनें',
  'Name is required': 'नाम ज़रूरी है',
  'Name is too short': 'नाम बहुत छोटा है',
  'Name is too long': 'नाम बहुत लंबा है',
  'Enter a name': 'नाम डालें',
  'Enter your name': 'अपना नाम डालें',
  'Enter a valid email': 'सही ईमेल डालें',
  'Enter a valid email address': 'सही ईमेल पता डालें',
  'Choose a role': 'भूमिका चुनें',
  'Role name is required': 'भूमिका का नाम ज़रूरी है',
  'Role name is too short': 'भूमिका का नाम बहुत छोटा है',
  'Choose at least one permission': 'कम से कम एक अनुमति चुनें',
  'roleId is required': 'भूमिका चुनना ज़रूरी है',
  'userCode is required': 'उपयोगकर्ता चुनना ज़रूरी है',
  'activeScreen is 1 to 4': 'स्क्रीन 1 से 4 के बीच होनी चाहिए',
  'Invalid body': 'भेजी गई जानकारी सही नहीं है',
  'Invalid value': 'यह मान सही नहीं है',
  // account and tax
  'Enter a valid PAN (5 letters, 4 digits, 1 letter, e.g. ABCDE1234F)': 'सही PAN डालें (5 अक्षर, 4 अंक, 1 अक्षर, जैसे ABCDE1234F)',
  'Enter a valid 15-character GSTIN (its last character is a check digit)': 'सही 15 अक्षरों का GSTIN डालें (इसका आख़िरी अक्षर जाँच अंक होता है)',
  'The GSTIN must contain the same PAN': 'GSTIN में वही PAN होना चाहिए',
  'Enter a valid IFSC (4 letters, 0, then 6 letters or digits, e.g. SBIN0001234)':
    'सही IFSC डालें (4 अक्षर, 0, फिर 6 अक्षर या अंक, जैसे SBIN0001234)',
  'Enter a valid 6-digit PIN code': 'सही 6 अंकों का पिन कोड डालें',
  'Enter a valid bank account number (9 to 18 digits)': 'सही बैंक खाता नंबर डालें (9 से 18 अंक)',
  'Enter valid vehicle numbers (e.g. RJ14GB1234)': 'सही गाड़ी नंबर डालें (जैसे RJ14GB1234)',
  'A declaration under section 194C(6) covers at most 10 goods carriages': 'धारा 194C(6) की घोषणा में ज़्यादा से ज़्यादा 10 मालवाहक गाड़ियाँ आती हैं',
  'The period must lie within one financial year (1 April to 31 March) and start before it ends':
    'अवधि एक ही वित्त वर्ष (1 अप्रैल से 31 मार्च) में होनी चाहिए और ख़त्म होने से पहले शुरू होनी चाहिए',
  'A declaration already covers part of this period': 'इस अवधि के कुछ हिस्से की घोषणा पहले से है',
  'Profile updated successfully': 'प्रोफ़ाइल अपडेट हो गई',
  'Settings updated successfully': 'सेटिंग्स अपडेट हो गईं',
  'Declaration submitted successfully': 'घोषणा जमा हो गई',
  'Undertaking submitted successfully': 'वचन-पत्र जमा हो गया',
  'Declaration not found': 'घोषणा नहीं मिली',
  'Policy accepted': 'नीति स्वीकार कर ली गई',
  'This is not the current version of the policy; please read the latest one': 'यह नीति का मौजूदा संस्करण नहीं है; कृपया नया संस्करण पढ़ें',
  'You will no longer receive onboarding messages': 'अब आपको शुरुआती जानकारी के संदेश नहीं मिलेंगे',
  'Event properties are too large': 'घटना की जानकारी बहुत बड़ी है',
  'Event name: letters, digits, _ . : - (up to 64)': 'घटना का नाम: अक्षर, अंक, _ . : - (ज़्यादा से ज़्यादा 64)',
  'Enter the street address': 'गली और मकान का पता डालें',
  'Enter the city': 'शहर डालें',
  'Enter the state': 'राज्य डालें',
  'Enter your city': 'अपना शहर डालें',
  'Enter the number of trucks': 'ट्रकों की संख्या डालें',
  // wallet, ledger, payments
  'Insufficient wallet balance. Please add money to your wallet.': 'वॉलेट में बैलेंस कम है। कृपया वॉलेट में पैसे जोड़ें।',
  'This request key was already used for a different request': 'यह अनुरोध कुंजी किसी दूसरे अनुरोध के लिए पहले ही इस्तेमाल हो चुकी है',
  'Amount is beyond what an account may hold': 'यह रकम खाते की सीमा से ज़्यादा है',
  'This download link has expired. Please download the statement again.': 'इस डाउनलोड लिंक का समय निकल गया। कृपया स्टेटमेंट फिर से डाउनलोड करें।',
  'This download link is not valid.': 'यह डाउनलोड लिंक सही नहीं है।',
  'Money added to wallet': 'वॉलेट में पैसे जोड़े गए',
  'Invalid amount': 'रकम सही नहीं है',
  'Amount cannot be greater that 100000': 'रकम 100000 से ज़्यादा नहीं हो सकती',
  'Invalid UPI': 'UPI सही नहीं है',
  'Only digits are allowed': 'सिर्फ़ अंक डाले जा सकते हैं',
  'Please select a bank': 'कृपया बैंक चुनें',
  'Please enter a valid card number': 'कृपया सही कार्ड नंबर डालें',
  'The amount has changed. Please start again.': 'रकम बदल गई है। कृपया फिर से शुरू करें।',
  'This payment is already being processed. Please start a new payment.': 'यह भुगतान पहले से चल रहा है। कृपया नया भुगतान शुरू करें।',
  'Payment session expired. Please try again.': 'भुगतान का समय निकल गया। कृपया फिर से कोशिश करें।',
  'Payment service is not reachable right now. Please try again.': 'भुगतान सेवा अभी नहीं मिल रही। कृपया फिर से कोशिश करें।',
  'Payment Processing. Please wait for 15 minutes.': 'भुगतान हो रहा है। कृपया 15 मिनट रुकें।',
  'Recharge successfully done': 'रिचार्ज हो गया',
  'We could not confirm this payment with the bank within 72 hours. Any amount debited will be refunded.':
    'हम 72 घंटों में बैंक से इस भुगतान की पुष्टि नहीं कर सके। कटी हुई रकम वापस कर दी जाएगी।',
  'Payment was not completed.': 'भुगतान पूरा नहीं हुआ।',
  'Amount is more than the balance due': 'रकम बकाया से ज़्यादा है',
  'Nothing is due on this trip': 'इस ट्रिप पर कुछ बकाया नहीं है',
  'A payment for this trip is still in progress. Wait for it to finish, or try again in 15 minutes.':
    'इस ट्रिप का एक भुगतान अभी चल रहा है। उसके पूरा होने तक रुकें, या 15 मिनट बाद फिर से कोशिश करें।',
  'Paid more than was due; the extra is kept as your credit with Bhada':
    'बकाया से ज़्यादा भुगतान हुआ; ज़्यादा रकम Bhada के पास आपके क्रेडिट में रखी गई है',
  'Payment successful': 'भुगतान हो गया',
  'Payment not found': 'भुगतान नहीं मिला',
  'The payment response must be a form post': 'भुगतान का जवाब सही रूप में नहीं आया',
  'Unknown transaction token': 'यह लेन-देन नहीं मिला',
  // fastag
  'Recharge amount cannot be greater that wallet balance': 'रिचार्ज की रकम वॉलेट बैलेंस से ज़्यादा नहीं हो सकती',
  'Auto-Recharge updated successfully': 'ऑटो-रिचार्ज अपडेट हो गया',
  'Enter Vehicle Number': 'गाड़ी नंबर डालें',
  'Fastag not found': 'फास्टैग नहीं मिला',
  'Vehicle not found': 'गाड़ी नहीं मिली',
  'Transaction not found': 'लेन-देन नहीं मिला',
  'This Fastag is not active': 'यह फास्टैग चालू नहीं है',
  'Invalid signature': 'हस्ताक्षर सही नहीं है',
  'Unknown tag': 'यह टैग नहीं मिला',
  'Only a toll payment can be disputed': 'सिर्फ़ टोल भुगतान पर ही शिकायत की जा सकती है',
  'Dispute raised. Our team will get back to you.': 'शिकायत दर्ज हो गई। हमारी टीम आपसे संपर्क करेगी।',
  'Send either {id, recharge, minBal} or {fastagId, minBalance, autoRechargeActivate}': 'भेजी गई जानकारी अधूरी है',
  'Toll amount is beyond any toll': 'टोल की रकम किसी भी टोल से ज़्यादा है',
  'A batch needs at least one event': 'एक बैच में कम से कम एक घटना चाहिए',
  'vehicleId or number is required': 'गाड़ी या गाड़ी नंबर ज़रूरी है',
  'Device not found': 'डिवाइस नहीं मिला',
  // fleet, drivers, maintenance
  'Enter the vehicle number': 'गाड़ी नंबर डालें',
  'Enter a valid vehicle number, like RJ14 GA 1234 or 22 BH 1234 AA': 'सही गाड़ी नंबर डालें, जैसे RJ14 GA 1234 या 22 BH 1234 AA',
  'Document not found': 'दस्तावेज़ नहीं मिला',
  'Driver not found': 'ड्राइवर नहीं मिला',
  'GPS order not found': 'GPS ऑर्डर नहीं मिला',
  'Vehicle added. Upload its RC to get it verified.': 'गाड़ी जुड़ गई। जाँच के लिए इसकी RC अपलोड करें।',
  'Vehicle updated': 'गाड़ी अपडेट हो गई',
  'Documents submitted for verification': 'दस्तावेज़ जाँच के लिए जमा हो गए',
  'Document verified': 'दस्तावेज़ की जाँच हो गई',
  'Document rejected': 'दस्तावेज़ अस्वीकार कर दिया गया',
  'Enter the expiry date of this certificate': 'इस प्रमाणपत्र की समाप्ति तारीख डालें',
  'Give the reason for rejecting': 'अस्वीकार करने का कारण बताएँ',
  'Give a reason for rejecting': 'अस्वीकार करने का कारण बताएँ',
  'This document was already reviewed': 'इस दस्तावेज़ की जाँच पहले ही हो चुकी है',
  'A driver with this mobile number already exists': 'इस मोबाइल नंबर का ड्राइवर पहले से है',
  'This driver is on an active trip and cannot be removed': 'यह ड्राइवर एक चालू ट्रिप पर है और हटाया नहीं जा सकता',
  'Enter a valid driving licence number, like RJ14 20190012345': 'सही ड्राइविंग लाइसेंस नंबर डालें, जैसे RJ14 20190012345',
  'Your GPS order is placed. Our team will call you within 24 hours.': 'आपका GPS ऑर्डर हो गया। हमारी टीम 24 घंटों में आपको कॉल करेगी।',
  'Some error occured while placing your order': 'आपका ऑर्डर करते समय कुछ गड़बड़ हो गई',
  'Error occured in fetching images': 'फ़ोटो लाने में गड़बड़ हुई',
  'This vehicle cannot get a GPS device now': 'इस गाड़ी को अभी GPS डिवाइस नहीं मिल सकता',
  'Reminder not found': 'रिमाइंडर नहीं मिला',
  'Give a due date or a due odometer reading': 'नियत तारीख या नियत ओडोमीटर रीडिंग डालें',
  'This reminder is already marked done': 'यह रिमाइंडर पहले ही पूरा हो चुका है',
  'The done date cannot be in the future': 'पूरा होने की तारीख आगे की नहीं हो सकती',
  'Enter the cost in paisa as a whole number, 0 or more': 'ख़र्च पैसे में पूरी संख्या में डालें, 0 या उससे ज़्यादा',
  'The due reading must be above the current odometer reading': 'नियत रीडिंग अभी की ओडोमीटर रीडिंग से ज़्यादा होनी चाहिए',
  'Enter the driver name': 'ड्राइवर का नाम डालें',
  'Driver name is required': 'ड्राइवर का नाम ज़रूरी है',
  'Enter the odometer reading in km': 'ओडोमीटर रीडिंग किलोमीटर में डालें',
  'Enter the odometer reading in whole km': 'ओडोमीटर रीडिंग पूरे किलोमीटर में डालें',
  'Choose a vehicle': 'गाड़ी चुनें',
  'Choose a service type': 'सर्विस का प्रकार चुनें',
  'Keep the note under 200 characters': 'नोट 200 अक्षरों से छोटा रखें',
  'The cost is too large': 'ख़र्च बहुत ज़्यादा है',
  'Choose xlsx or pdf': 'xlsx या pdf चुनें',
  'Choose a body type': 'बॉडी का प्रकार चुनें',
  // loads, quotes, tokens
  'Load not found': 'लोड नहीं मिला',
  'Demand not found': 'लोड नहीं मिला',
  'Token not found': 'टोकन नहीं मिला',
  'Unknown lane': 'यह रूट नहीं मिला',
  'Response saved': 'जवाब सेव हो गया',
  'Load posted': 'लोड पोस्ट हो गया',
  'Load cancelled': 'लोड रद्द हो गया',
  'Load awarded': 'लोड दे दिया गया',
  'This load has changed. Please reload.': 'यह लोड बदल गया है। कृपया पेज फिर से खोलें।',
  'Error in fetching loading points.': 'लोडिंग पॉइंट लाने में गड़बड़ हुई।',
  'Bidding must close before the loading time': 'बोली लोडिंग के समय से पहले बंद होनी चाहिए',
  'Bidding must close at least 2 minutes from now': 'बोली अभी से कम से कम 2 मिनट बाद बंद होनी चाहिए',
  'Bidding can stay open for at most 7 days': 'बोली ज़्यादा से ज़्यादा 7 दिन खुली रह सकती है',
  'Loading time can be at most 60 days ahead': 'लोडिंग का समय ज़्यादा से ज़्यादा 60 दिन आगे का हो सकता है',
  'Token amount cannot be more than the target price': 'टोकन की रकम लक्ष्य भाड़े से ज़्यादा नहीं हो सकती',
  'The time to change the winner has passed': 'विजेता बदलने का समय निकल गया',
  'This operator has no quote on the load': 'इस ऑपरेटर ने इस लोड पर भाव नहीं दिया है',
  'Point name is required': 'पॉइंट का नाम ज़रूरी है',
  'Point name is too short': 'पॉइंट का नाम बहुत छोटा है',
  'Choose a city': 'शहर चुनें',
  'Add a loading point': 'लोडिंग पॉइंट जोड़ें',
  'At most 5 loading points': 'ज़्यादा से ज़्यादा 5 लोडिंग पॉइंट',
  'Add an unloading point': 'अनलोडिंग पॉइंट जोड़ें',
  'At most 5 unloading points': 'ज़्यादा से ज़्यादा 5 अनलोडिंग पॉइंट',
  'Choose a vehicle type': 'गाड़ी का प्रकार चुनें',
  'Enter the tyre count': 'टायरों की संख्या डालें',
  'Enter the tonnage': 'टन भार डालें',
  'Enter the length': 'लंबाई डालें',
  'Enter the material': 'सामान डालें',
  'Choose the loading date and time': 'लोडिंग की तारीख और समय चुनें',
  'Choose when bidding closes': 'बोली बंद होने का समय चुनें',
  'Choose a quote': 'एक भाव चुनें',
  'Give a reason': 'कारण बताएँ',
  'Give a reason (at least 5 letters)': 'कारण बताएँ (कम से कम 5 अक्षर)',
  'Choose a load type': 'लोड का प्रकार चुनें',
  'Enter the weight in kg': 'वज़न किलो में डालें',
  'Weight is too high': 'वज़न बहुत ज़्यादा है',
  'Enter the number of packages': 'पैकेजों की संख्या डालें',
  'demandId is required': 'लोड चुनना ज़रूरी है',
  'Quote submitted': 'भाव जमा हो गया',
  'Error in submitting bid.': 'बोली जमा करने में गड़बड़ हुई।',
  'Error in fetching quote quality.': 'भाव की जानकारी लाने में गड़बड़ हुई।',
  'Bidding for this load has closed. Your quote was not saved.': 'इस लोड की बोली बंद हो गई है। आपका भाव सेव नहीं हुआ।',
  'You rejected this load. Accept it first to quote.': 'आपने यह लोड मना कर दिया था। भाव देने के लिए पहले इसे स्वीकार करें।',
  'Vehicle and driver saved': 'गाड़ी और ड्राइवर सेव हो गए',
  'Token ready to pay': 'टोकन भुगतान के लिए तैयार है',
  'Token paid. Your trip is confirmed.': 'टोकन का भुगतान हो गया। आपकी ट्रिप पक्की हो गई।',
  'Token cancelled': 'टोकन रद्द हो गया',
  'This load is not waiting for your token': 'यह लोड आपके टोकन का इंतज़ार नहीं कर रहा',
  'Choose a vehicle and a driver first': 'पहले गाड़ी और ड्राइवर चुनें',
  'This vehicle cannot take this load': 'यह गाड़ी यह लोड नहीं ले सकती',
  'This vehicle is already on another trip': 'यह गाड़ी पहले से दूसरी ट्रिप पर है',
  'This token was not paid': 'इस टोकन का भुगतान नहीं हुआ था',
  'This link is not valid. Ask the operator for a new one.': 'यह लिंक सही नहीं है। ऑपरेटर से नया लिंक माँगें।',
  'This link has expired. Ask the operator for a new one.': 'इस लिंक का समय निकल गया। ऑपरेटर से नया लिंक माँगें।',
  'Choose a different vehicle or driver': 'कोई दूसरी गाड़ी या ड्राइवर चुनें',
  // trips, POD, tracking
  'Trip not found': 'ट्रिप नहीं मिली',
  'Unknown trip': 'यह ट्रिप नहीं मिली',
  'The trip belongs to another consigner': 'यह ट्रिप किसी दूसरे कंसाइनर की है',
  'The trip changed meanwhile. Please reload.': 'इस बीच ट्रिप बदल गई। कृपया पेज फिर से खोलें।',
  'The trip changed. Reloading…': 'ट्रिप बदल गई। पेज फिर से खुल रहा है…',
  'This step needs the code sent to the consigner. Ask them for the OTP.': 'इस कदम के लिए कंसाइनर को भेजा गया कोड चाहिए। उनसे OTP माँगें।',
  'Too many tries. Please ask for a new code later.': 'बहुत बार कोशिश हो गई। कृपया बाद में नया कोड माँगें।',
  'OTP sent to the consigner contact': 'कंसाइनर के संपर्क नंबर पर OTP भेजा गया',
  'OTP verified': 'OTP की पुष्टि हो गई',
  'Trip updated': 'ट्रिप अपडेट हो गई',
  'Error in updating remarks': 'टिप्पणी अपडेट करने में गड़बड़ हुई',
  'Error submitting reason. Please try again.': 'कारण जमा करने में गड़बड़ हुई। कृपया फिर से कोशिश करें।',
  'Remarks updated': 'टिप्पणी अपडेट हो गई',
  'Choose one of the available slots': 'उपलब्ध स्लॉट में से एक चुनें',
  'This slot was just booked by another truck. Please choose another.': 'यह स्लॉट अभी किसी दूसरे ट्रक ने बुक कर लिया। कृपया दूसरा चुनें।',
  'Slot booked': 'स्लॉट बुक हो गया',
  'The trip can no longer be cancelled or changed after loading': 'लोडिंग के बाद ट्रिप रद्द या बदली नहीं जा सकती',
  'Vehicle replaced': 'गाड़ी बदल दी गई',
  'Trip cancelled': 'ट्रिप रद्द हो गई',
  'Use cancel to cancel a trip': 'ट्रिप रद्द करने के लिए "रद्द करें" चुनें',
  'This claim was already decided and cannot be changed': 'इस दावे पर फ़ैसला हो चुका है, इसे बदला नहीं जा सकता',
  'Successfully Submitted': 'जमा हो गया',
  'Error in getting Invoice': 'इनवॉइस लाने में गड़बड़ हुई',
  'Invoice Updated SuccessFully': 'इनवॉइस अपडेट हो गया',
  'Error in updating Invoice': 'इनवॉइस अपडेट करने में गड़बड़ हुई',
  'Invoice deleted successfully': 'इनवॉइस हटा दिया गया',
  'Invoice not found': 'इनवॉइस नहीं मिला',
  'No invoice on this trip': 'इस ट्रिप पर कोई इनवॉइस नहीं है',
  'Only a paper copy of this invoice exists': 'इस इनवॉइस की सिर्फ़ कागज़ी कॉपी है',
  'Upload the invoice file again': 'इनवॉइस की फ़ाइल फिर से अपलोड करें',
  'The consigner was notified a few minutes ago. Please wait before notifying again.':
    'कंसाइनर को कुछ मिनट पहले सूचना दी गई थी। दोबारा सूचना देने से पहले थोड़ा रुकें।',
  'Consigner notified': 'कंसाइनर को सूचना दे दी गई',
  'Alert recorded': 'अलर्ट दर्ज हो गया',
  'This trip has no such point': 'इस ट्रिप पर ऐसा कोई पॉइंट नहीं है',
  'This point has no contact number. Please call support.': 'इस पॉइंट का कोई संपर्क नंबर नहीं है। कृपया सहायता टीम को कॉल करें।',
  'Choose a reason': 'कारण चुनें',
  'Unloading cannot be before reaching': 'अनलोडिंग पहुँचने से पहले नहीं हो सकती',
  'Invalid amount: deductions exceed the freight': 'रकम सही नहीं है: कटौती भाड़े से ज़्यादा है',
  'Invalid amount: above the policy limit for this charge': 'रकम सही नहीं है: यह इस शुल्क की सीमा से ज़्यादा है',
  'Describe the charge': 'शुल्क का ब्यौरा दें',
  'Expense not found': 'ख़र्च नहीं मिला',
  'tripId or demand-id is required': 'ट्रिप या लोड चुनना ज़रूरी है',
  'tripId is required': 'ट्रिप चुनना ज़रूरी है',
  'action is required': 'कार्रवाई चुनना ज़रूरी है',
  'actionType is required': 'कार्रवाई का प्रकार चुनना ज़रूरी है',
  'POD uploaded successfully': 'POD अपलोड हो गया',
  'Some photos were not uploaded. Please upload them again.': 'कुछ फ़ोटो अपलोड नहीं हुईं। कृपया उन्हें फिर से अपलोड करें।',
  'POD verified': 'POD की जाँच हो गई',
  'POD rejected': 'POD अस्वीकार कर दिया गया',
  'Upload the POD photos to submit the POD': 'POD जमा करने के लिए POD की फ़ोटो अपलोड करें',
  'Add at least one POD photo': 'कम से कम एक POD फ़ोटो जोड़ें',
  'No location received for this trip yet': 'इस ट्रिप की लोकेशन अभी तक नहीं मिली',
  'Unknown device': 'यह डिवाइस नहीं मिला',
  'Error in fetching current location.': 'अभी की लोकेशन लाने में गड़बड़ हुई।',
  'Error in fetching path details.': 'रास्ते की जानकारी लाने में गड़बड़ हुई।',
  'Report not found': 'रिपोर्ट नहीं मिली',
  // operations (consigner)
  'Error in fetching consignment data.': 'कंसाइनमेंट की जानकारी लाने में गड़बड़ हुई।',
  'Consignment updated successfully.': 'कंसाइनमेंट अपडेट हो गया।',
  'Consignment updated successfully': 'कंसाइनमेंट अपडेट हो गया',
  'Error in updating consignment': 'कंसाइनमेंट अपडेट करने में गड़बड़ हुई',
  'Consignment deleted successfully.': 'कंसाइनमेंट हटा दिया गया।',
  'Consignment not found': 'कंसाइनमेंट नहीं मिला',
  'This consignment was changed by someone else. Please reload.': 'यह कंसाइनमेंट किसी और ने बदल दिया है। कृपया पेज फिर से खोलें।',
  'This consignment has collections recorded and cannot be deleted.': 'इस कंसाइनमेंट पर वसूली दर्ज है, इसे हटाया नहीं जा सकता।',
  'The vehicle for this consignment has already loaded; it cannot be deleted.': 'इस कंसाइनमेंट की गाड़ी लोड हो चुकी है; इसे हटाया नहीं जा सकता।',
  'Docket updated successfully': 'डॉकेट अपडेट हो गया',
  'Docket deleted successfully': 'डॉकेट हटा दिया गया',
  'Docket not found': 'डॉकेट नहीं मिला',
  'This docket number is already used by another consignment': 'यह डॉकेट नंबर किसी दूसरे कंसाइनमेंट में पहले से इस्तेमाल हुआ है',
  'Enter a valid 12-digit e-way bill number': 'सही 12 अंकों का ई-वे बिल नंबर डालें',
  'Enter the e-way bill number': 'ई-वे बिल नंबर डालें',
  'Collection updated successfully': 'वसूली अपडेट हो गई',
  'Collection not found': 'वसूली नहीं मिली',
  'An idempotency-key header is required to record a collection': 'वसूली दर्ज करने के लिए अनुरोध की पहचान ज़रूरी है',
  'This collection is already settled and cannot be changed': 'यह वसूली पूरी हो चुकी है, इसे बदला नहीं जा सकता',
  'The amount must match the pending collection': 'रकम बाकी वसूली के बराबर होनी चाहिए',
  'A new collection is pending or collected': 'एक नई वसूली बाकी है या हो चुकी है',
  'No consignee recorded for this consignment': 'इस कंसाइनमेंट का कोई कंसाइनी दर्ज नहीं है',
  'Mark the vehicle reached before unloaded': 'अनलोड से पहले गाड़ी को पहुँची हुई दर्ज करें',
  'Error in fetching consigner vehicles.': 'कंसाइनर की गाड़ियाँ लाने में गड़बड़ हुई।',
  'Report will be mailed to the email shortly.': 'रिपोर्ट जल्द ही ईमेल पर भेज दी जाएगी।',
  'Add an email address to receive the report': 'रिपोर्ट पाने के लिए ईमेल पता जोड़ें',
  'Error in fetching itinerary data.': 'यात्रा की जानकारी लाने में गड़बड़ हुई।',
  'Scheduled vehicle not found': 'तय की गई गाड़ी नहीं मिली',
  'The action window is closed': 'बदलाव का समय ख़त्म हो गया',
  'Choose the collection type': 'वसूली का प्रकार चुनें',
  'Choose the mode': 'तरीका चुनें',
  'Choose the status': 'स्थिति चुनें',
  'Enter the reference (UTR, UPI or cheque number)': 'संदर्भ डालें (UTR, UPI या चेक नंबर)',
  'Choose reached or unloaded': 'पहुँची या अनलोड हुई चुनें',
  'Enter a name for the place': 'जगह का नाम डालें',
  'The place must be in India': 'जगह भारत में होनी चाहिए',
  'A saved place already has this name': 'इस नाम की जगह पहले से सेव है',
  'Saved place not found': 'सेव की गई जगह नहीं मिली',
  // membership
  'Membership order ready to pay': 'सदस्यता का ऑर्डर भुगतान के लिए तैयार है',
  'Membership payment successful': 'सदस्यता का भुगतान हो गया',
  'This payment request has expired. Please try again.': 'इस भुगतान अनुरोध का समय निकल गया। कृपया फिर से कोशिश करें।',
  'Membership order not found': 'सदस्यता का ऑर्डर नहीं मिला',
  'Your membership is already active. You can renew it in the last 30 days before it ends.':
    'आपकी सदस्यता पहले से चालू है। आप इसे ख़त्म होने से पहले के आख़िरी 30 दिनों में नवीनीकरण कर सकते हैं।',
  'Invalid medium': 'भुगतान का माध्यम सही नहीं है',
  'orderId is required': 'ऑर्डर चुनना ज़रूरी है',
  // support, surveys, referrals, rate cards
  'Ticket not found': 'टिकट नहीं मिला',
  'This ticket is closed. Raise a new ticket.': 'यह टिकट बंद है। नया टिकट बनाएँ।',
  'Ticket raised. Our team will reply here.': 'टिकट बन गया। हमारी टीम यहीं जवाब देगी।',
  'Message sent': 'संदेश भेज दिया गया',
  'Ticket resolved': 'टिकट हल हो गया',
  'Ticket assigned': 'टिकट सौंप दिया गया',
  'Write a message or attach a photo': 'संदेश लिखें या फ़ोटो जोड़ें',
  'Message is too long (at most 2000 characters)': 'संदेश बहुत लंबा है (ज़्यादा से ज़्यादा 2000 अक्षर)',
  'The photo was not uploaded. Please try again.': 'फ़ोटो अपलोड नहीं हुई। कृपया फिर से कोशिश करें।',
  'Only JPEG, PNG, WebP, HEIC or PDF files': 'सिर्फ़ JPEG, PNG, WEBP, HEIC या PDF फ़ाइलें',
  'Only photos (JPG, PNG, WebP, HEIC) can be attached': 'सिर्फ़ फ़ोटो (JPG, PNG, WEBP, HEIC) जोड़ी जा सकती हैं',
  'The photo is larger than 5 MB': 'फ़ोटो 5 MB से बड़ी है',
  'Error in submitting.': 'जमा करने में गड़बड़ हुई।',
  'You have already answered this survey': 'आप इस सर्वे का जवाब पहले ही दे चुके हैं',
  'Thank you for your feedback': 'आपकी राय के लिए धन्यवाद',
  'Failed to fetch training content': 'प्रशिक्षण सामग्री नहीं मिल सकी',
  'Training completed': 'प्रशिक्षण पूरा हुआ',
  'You cannot use your own referral link': 'आप अपना ही रेफ़रल लिंक इस्तेमाल नहीं कर सकते',
  'This referral link is not valid': 'यह रेफ़रल लिंक सही नहीं है',
  'This mobile number has already joined': 'यह मोबाइल नंबर पहले से जुड़ चुका है',
  'Thank you! Our team will call you soon.': 'धन्यवाद! हमारी टीम जल्द ही आपको कॉल करेगी।',
  'Rate card not found': 'रेट कार्ड नहीं मिला',
  'This rate card is under review or approved and cannot be changed': 'यह रेट कार्ड जाँच में है या मंज़ूर हो चुका है, इसे बदला नहीं जा सकता',
  'Only a submitted rate card can be reviewed': 'सिर्फ़ जमा किए गए रेट कार्ड की ही जाँच हो सकती है',
  'Rate card saved': 'रेट कार्ड सेव हो गया',
  'Rate card submitted for review': 'रेट कार्ड जाँच के लिए जमा हो गया',
  'Question ids must be unique': 'हर सवाल की पहचान अलग होनी चाहिए',
  'A choice question needs at least two options': 'विकल्प वाले सवाल में कम से कम दो विकल्प चाहिए',
  'Choose a category': 'श्रेणी चुनें',
  'Subject is too short': 'विषय बहुत छोटा है',
  'Subject is too long': 'विषय बहुत लंबा है',
  'At most 3 photos per message': 'एक संदेश में ज़्यादा से ज़्यादा 3 फ़ोटो',
  'Choose an outcome': 'नतीजा चुनें',
  'Write a note for the operator': 'ऑपरेटर के लिए नोट लिखें',
  'Answer the questions': 'सवालों के जवाब दें',
  'type is required': 'प्रकार चुनना ज़रूरी है',
  'id is required': 'पहचान ज़रूरी है',
  'Unknown widget': 'यह हिस्सा नहीं मिला',
  'Enter the rate in rupees': 'रेट रुपये में डालें',
  'Rate is too high': 'रेट बहुत ज़्यादा है',
  'Enter the origin': 'कहाँ से, डालें',
  'Enter the destination': 'कहाँ तक, डालें',
  'Enter the body type': 'बॉडी का प्रकार डालें',
  'Add a rate': 'एक रेट जोड़ें',
};

/** Words that travel inside a message: trip states and stages, GPS order states, payment states, field names. */
const TERMS: Record<string, string> = {
  // trip states as the stage-mismatch message writes them (lower case, spaces)
  assigned: 'गाड़ी लगाई गई',
  'reached loading': 'लोडिंग पॉइंट पर पहुँची',
  loaded: 'लोड हो चुकी',
  'in transit': 'रास्ते में',
  'reached unloading': 'अनलोडिंग पॉइंट पर पहुँची',
  unloaded: 'अनलोड हो चुकी',
  'pod submitted': 'POD जमा',
  'pod rejected': 'POD अस्वीकार',
  'pod verified': 'POD की जाँच पूरी',
  completed: 'पूरी',
  cancelled: 'रद्द',
  // the steps a trip takes
  'vehicle assigned': 'गाड़ी लगाना',
  'reached loading point': 'लोडिंग पॉइंट पर पहुँचना',
  loading: 'लोडिंग',
  'start of the trip': 'ट्रिप शुरू करना',
  'reaching the unloading point': 'अनलोडिंग पॉइंट पर पहुँचना',
  unloading: 'अनलोडिंग',
  'POD submission': 'POD जमा करना',
  'POD rejection': 'POD अस्वीकार करना',
  'POD verification': 'POD की जाँच',
  completion: 'ट्रिप पूरी करना',
  cancellation: 'रद्द करना',
  // GPS orders
  PLACED: 'ऑर्डर हुआ',
  SCHEDULED: 'तय हुआ',
  INSTALLED: 'लग गया',
  CANCELLED: 'रद्द',
  // payment states
  SUCCESS: 'सफल',
  PENDING: 'बाकी',
  FAILURE: 'असफल',
  FAILED: 'असफल',
  // named fields
  'tyre count': 'टायरों की संख्या',
  size: 'आकार',
  tonnage: 'टन भार',
  height: 'ऊँचाई',
  quote: 'भाव',
  'token amount': 'टोकन की रकम',
  'target price': 'लक्ष्य भाड़ा',
};
const term = (word: string) => TERMS[word] ?? TERMS[word.toUpperCase()] ?? word;

type Rule = [RegExp, (...parts: string[]) => string];

/** Messages with parts. The parts kept are names, numbers, amounts and dates; words are translated. */
const RULES: Rule[] = [
  [/^Fastag Recharge successful for (.+)\.$/, (v) => `${v} का फास्टैग रिचार्ज हो गया।`],
  [/^Auto-Recharge balance to be maintained updated for (.+)\.$/, (v) => `${v} के लिए ऑटो-रिचार्ज का न्यूनतम बैलेंस अपडेट हो गया।`],
  [/^Vehicle (.+) is already registered$/, (v) => `गाड़ी ${v} पहले से रजिस्टर है`],
  [/^Choose a (.+) from the list$/, (what) => `सूची में से ${term(what)} चुनें`],
  [/^A GPS order cannot move from (\S+) to (\S+)$/, (from, to) => `GPS ऑर्डर "${term(from)}" से "${term(to)}" में नहीं जा सकता`],
  [/^The time to change this consignment ended on (.+)\.$/, (at) => `इस कंसाइनमेंट को बदलने का समय ${at} को ख़त्म हो गया।`],
  [/^Amount is more than the balance to collect \((.+)\)$/, (b) => `रकम बाकी वसूली (${b}) से ज़्यादा है`],
  [/^Max\. length should be (\d+|X9)$/, (n) => `ज़्यादा से ज़्यादा ${n} अक्षर`],
  [/^Min\. length should be (\d+|X9)$/, (n) => `कम से कम ${n} अक्षर`],
  [/^Recharge: (\S+)$/, (s) => `रिचार्ज: ${term(s)}`],
  [/^Payment: (\S+)$/, (s) => `भुगतान: ${term(s)}`],
  [/^(.+) is not a valid JPEG, PNG, WebP, HEIC or PDF file$/, (name) => `${name} सही JPEG, PNG, WEBP, HEIC या PDF फ़ाइल नहीं है`],
  [/^(.+) is larger than (\d+) MB$/, (name, mb) => `${name} ${mb} MB से बड़ी है`],
  [/^The file is larger than (\S+) MB$/, (mb) => `फ़ाइल ${mb} MB से बड़ी है`],
  [
    /^Insufficient wallet balance\. Your wallet has (\S+) and membership costs (\S+)\. Please add (\S+) to your wallet\.$/,
    (has, costs, add) => `वॉलेट में बैलेंस कम है। आपके वॉलेट में ${has} हैं और सदस्यता ${costs} की है। कृपया वॉलेट में ${add} जोड़ें।`,
  ],
  [/^This trip is (.+); (.+) cannot be done now$/, (state, stage) => `यह ट्रिप अभी "${term(state)}" है; अभी "${term(stage)}" नहीं हो सकता`],
  [/^At most (\S+) events per batch$/, (n) => `एक बैच में ज़्यादा से ज़्यादा ${n} घटनाएँ`],
  [/^Enter the (.+) in rupees$/, (label) => `${term(label)} रुपये में डालें`],
  [/^The (.+) must be more than zero$/, (label) => `${term(label)} शून्य से ज़्यादा होना चाहिए`],
  [/^The (.+) must be at least (₹\S+)$/, (label, min) => `${term(label)} कम से कम ${min} होना चाहिए`],
  [/^The (.+) can be at most (₹\S+)$/, (label, max) => `${term(label)} ज़्यादा से ज़्यादा ${max} हो सकता है`],
  [/^No route \S+ \S+$/, () => 'यह पता मौजूद नहीं है'],
  // a field's path before a validation message (a device's position): the message alone
  [/^[\w.]+: (.+)$/, (inner) => render(inner) ?? 'यह मान सही नहीं है'],
  [/^Unknown topic \S+$/, () => 'यह जानकारी उपलब्ध नहीं है'],
];

/** What each error code means, for a refusal whose message the catalogue does not know. */
const BY_CODE: Record<string, string> = {
  VALIDATION_FAILED: 'भेजी गई जानकारी सही नहीं है। कृपया जाँचकर फिर से भेजें।',
  UNSUPPORTED_MEDIA_TYPE: 'यह जानकारी इस रूप में स्वीकार नहीं है',
  PAYLOAD_TOO_LARGE: 'भेजी गई फ़ाइल बहुत बड़ी है',
  UNAUTHENTICATED: 'कृपया फिर से लॉग इन करें',
  FORBIDDEN: 'आपको यह करने की अनुमति नहीं है',
  NOT_FOUND: 'यह नहीं मिला',
  CONFLICT: 'यह इस बीच बदल गया है। कृपया पेज फिर से खोलें।',
  RATE_LIMITED: 'बहुत ज़्यादा अनुरोध। कुछ मिनट रुककर फिर से कोशिश करें।',
  INTERNAL: 'कुछ गड़बड़ हो गई',
};
const FALLBACK = 'यह काम अभी नहीं हो सका। कृपया जाँचकर फिर से कोशिश करें।';

function render(message: string): string | undefined {
  const exact = HINDI[message];
  if (exact) return exact;
  for (const [pattern, hindi] of RULES) {
    const match = pattern.exec(message);
    if (match) return hindi(...match.slice(1));
  }
  // a memo sent as a message ("Added money via UPI") reads as the passbook shows it (ADR 147)
  const memo = memoText(message, 'hi');
  return memo === message ? undefined : memo;
}

/** True when the catalogue has a Hindi text for this English message (the catalogue test's question). */
export function hasHindi(message: string): boolean {
  return render(message) !== undefined;
}

/**
 * A message in the reader's language. For Hindi, one the catalogue does not know is replaced by what its
 * error code means (a refusal) or left out (a success message: the screen says its own).
 */
export function messageText(message: string, locale: TextLocale, errorCode?: string): string {
  // already in Hindi (rendered from a validation issue), or no words at all
  if (locale === 'en' || !message || /[\u0900-\u097f]/.test(message)) return message;
  const hindi = render(message);
  if (hindi) return hindi;
  if (!/[A-Za-z]/.test(message)) return message;
  return errorCode && errorCode !== '200' ? (BY_CODE[errorCode] ?? FALLBACK) : '';
}

/** The parts of a zod issue a Hindi text needs (zod writes its own messages only in English). */
export type IssueLike = {
  code?: string;
  message?: string;
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  divisor?: number;
};

const UNIT: Record<string, string> = { string: 'अक्षर', array: 'चीज़ें', set: 'चीज़ें', file: 'बाइट' };

/** A validation issue in Hindi: its own message when the catalogue knows it, else one from its kind. */
export function issueText(issue: IssueLike): string {
  const known = issue.message ? render(issue.message) : undefined;
  if (known) return known;
  const unit = issue.origin ? UNIT[issue.origin] : undefined;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'यह जानकारी ज़रूरी है' : 'यह मान सही प्रकार का नहीं है';
    case 'too_small':
      if (Number(issue.minimum) === 1 && unit) return issue.origin === 'string' ? 'यह जानकारी ज़रूरी है' : 'कम से कम एक चुनें';
      return unit ? `कम से कम ${issue.minimum} ${unit} होने चाहिए` : `मान कम से कम ${issue.minimum} होना चाहिए`;
    case 'too_big':
      return unit ? `ज़्यादा से ज़्यादा ${issue.maximum} ${unit} हो सकते हैं` : `मान ज़्यादा से ज़्यादा ${issue.maximum} हो सकता है`;
    case 'invalid_format':
      return issue.format === 'email' ? 'सही ईमेल पता डालें' : 'यह मान सही रूप में नहीं है';
    case 'invalid_value':
      return 'दिए गए विकल्पों में से एक चुनें';
    case 'not_multiple_of':
      return `मान ${issue.divisor} के गुणज में होना चाहिए`;
    case 'unrecognized_keys':
      return 'अनजानी जानकारी भेजी गई है';
    default:
      return 'यह मान सही नहीं है';
  }
}
