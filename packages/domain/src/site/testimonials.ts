/** Parent testimonials (static, spec §3: name, image, quote, profession). */
export type Testimonial = { name: string; image: string; quote: string; profession: string };

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Meron Tesfaye',
    image: '/images/testimonials/meron.svg',
    profession: 'Nurse, Washington DC',
    quote:
      'My daughter was shy about speaking Amharic with her grandmother. After three months with her tutor she calls Addis every Sunday and chats for an hour.',
  },
  {
    name: 'Dawit Alemu',
    image: '/images/testimonials/dawit.svg',
    profession: 'Software engineer, London',
    quote:
      'Booking is simple and the times are shown in our own time zone, so we never miss a lesson. My son’s maths grade went from a C to an A this year.',
  },
  {
    name: 'Selamawit Girma',
    image: '/images/testimonials/selamawit.svg',
    profession: 'Pharmacist, Toronto',
    quote:
      'Our chemistry tutor is patient and explains things the way teachers did back home: clearly, step by step. My twins look forward to Thursdays now.',
  },
  {
    name: 'Yonas Bekele',
    image: '/images/testimonials/yonas.svg',
    profession: 'Small business owner, Addis Ababa',
    quote:
      'We wanted a coding tutor who could teach in Amharic and English. Our son built his first website in six weeks and showed it to the whole family.',
  },
  {
    name: 'Hiwot Mengistu',
    image: '/images/testimonials/hiwot.svg',
    profession: 'Accountant, Minneapolis',
    quote:
      'I was nervous about paying online for lessons abroad, but the checkout is secure and the receipts arrive straight away. The tutors are always on time.',
  },
  {
    name: 'Abebe Haile',
    image: '/images/testimonials/abebe.svg',
    profession: 'Taxi company manager, Seattle',
    quote:
      'Our daughter is preparing for the SAT. Her tutor gives her practice problems every week and tells us honestly where she needs more work.',
  },
  {
    name: 'Tigist Worku',
    image: '/images/testimonials/tigist.svg',
    profession: 'Teacher, Frankfurt',
    quote:
      'As a teacher myself I am picky. The Tigrigna lessons are well prepared, playful for a seven-year-old, and my son now reads short stories on his own.',
  },
  {
    name: 'Kebede Tadesse',
    image: '/images/testimonials/kebede.svg',
    profession: 'Civil engineer, Dubai',
    quote:
      'Switching to a tutor whose hours suited our evenings took one message to support. Everything about the service feels organised and respectful.',
  },
  {
    name: 'Lensa Abdisa',
    image: '/images/testimonials/lensa.svg',
    profession: 'Doctor, Melbourne',
    quote:
      'My children learn Afaan Oromoo with a tutor from Adama. They laugh through every lesson and now sing the songs I sang as a girl.',
  },
];
