/** The marketing site's fixed list of subjects (spec §3: slug, name, description, imageUrl, level). */
export type MarketingSubject = {
  slug: 'mathematics' | 'sciences' | 'languages' | 'coding';
  name: string;
  description: string;
  imageUrl: string;
  level: string;
  /** What a parent finds inside the category (also the free-text subjects tutors teach). */
  topics: readonly string[];
};

export const marketingSubjects: readonly MarketingSubject[] = [
  {
    slug: 'mathematics',
    name: 'Mathematics',
    description:
      'From number sense and times tables to algebra, geometry and calculus: patient tutors who explain each step and build confidence for school tests and exams.',
    imageUrl: '/images/home/subject-mathematics.svg',
    level: 'Beginner to Advanced',
    topics: ['Arithmetic', 'Algebra', 'Geometry', 'Calculus', 'Exam preparation'],
  },
  {
    slug: 'sciences',
    name: 'Sciences',
    description:
      'Physics, chemistry and biology taught with clear explanations, worked problems and simple experiments your child can do at home.',
    imageUrl: '/images/home/subject-sciences.svg',
    level: 'Grades 5-12',
    topics: ['General Science', 'Physics', 'Chemistry', 'Biology'],
  },
  {
    slug: 'languages',
    name: 'Languages',
    description:
      'Keep your family’s languages alive: speaking, reading and writing in Amharic, Tigrigna and Oromifa (Afaan Oromoo), plus English support.',
    imageUrl: '/images/home/subject-languages.svg',
    level: 'Conversational to Academic',
    topics: ['Amharic', 'Tigrigna', 'Oromifa', 'English'],
  },
  {
    slug: 'coding',
    name: 'Coding',
    description:
      'Hands-on programming for young learners: from first steps in logic to building games and websites with Python and JavaScript.',
    imageUrl: '/images/home/subject-coding.svg',
    level: 'Kids & Teens',
    topics: ['Scratch & logic', 'Python', 'JavaScript', 'Web pages'],
  },
];
