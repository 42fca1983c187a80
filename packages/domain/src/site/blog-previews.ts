/** The home page's blog previews (static, spec §3: id, title, excerpt, image, date, readTime, category). */
export type BlogPreview = {
  id: number;
  title: string;
  excerpt: string;
  image: string;
  date: string;
  readTime: string;
  category: string;
};

export const blogPreviews: readonly BlogPreview[] = [
  {
    id: 1,
    title: 'Raising bilingual children far from home',
    excerpt:
      'Simple daily habits that keep Amharic, Tigrigna or Afaan Oromoo alive in a family that lives abroad, from bedtime stories to weekly video calls.',
    image: '/images/home/blog-bilingual.svg',
    date: '2025-05-28',
    readTime: '5 min read',
    category: 'Languages',
  },
  {
    id: 2,
    title: 'How to prepare for a maths exam in four weeks',
    excerpt:
      'A week-by-week plan our mathematics tutors use with students: revise the basics, practise past papers, then rest before the big day.',
    image: '/images/home/blog-maths.svg',
    date: '2025-06-05',
    readTime: '6 min read',
    category: 'Study Tips',
  },
  {
    id: 3,
    title: 'Why every child should try coding before 12',
    excerpt:
      'Coding teaches patience, logic and creativity. Here is how young learners go from moving a cat on screen to building their own games.',
    image: '/images/home/blog-coding.svg',
    date: '2025-06-12',
    readTime: '4 min read',
    category: 'Coding',
  },
];
