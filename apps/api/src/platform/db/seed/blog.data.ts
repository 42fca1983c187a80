// Demo blog: categories, tags and posts. Pure data without runtime imports (scripts/generate-images.mjs reads
// the posts' slugs and categories to draw their covers). Paragraphs are separated by blank lines, as the
// post page splits them.

export type DemoCategory = { name: string; slug: string };
export type DemoTag = { name: string; slug: string };
export type DemoComment = { name: string; email: string; body: string; daysAfter: number; pending?: boolean };
export type DemoPost = {
  slug: string;
  title: string;
  category: string;
  tags: string[];
  /** Empty for a few posts so the list shows the first 160 characters of the body instead. */
  excerpt: string;
  /** Days before the seed date; null keeps the post a draft. */
  daysAgo: number | null;
  body: string;
  comments?: DemoComment[];
};

export const demoCategories: DemoCategory[] = [
  { name: 'Study Tips', slug: 'study-tips' },
  { name: 'Languages', slug: 'languages' },
  { name: 'STEM', slug: 'stem' },
  { name: 'Parenting', slug: 'parenting' },
  { name: 'News', slug: 'news' },
];

export const demoTags: DemoTag[] = [
  { name: 'Amharic', slug: 'amharic' },
  { name: 'Exam prep', slug: 'exam-prep' },
  { name: 'Math', slug: 'math' },
  { name: 'Coding', slug: 'coding' },
  { name: 'Diaspora', slug: 'diaspora' },
  { name: 'Reading', slug: 'reading' },
  { name: 'Science', slug: 'science' },
  { name: 'Online learning', slug: 'online-learning' },
];

export const blogCoverPath = (slug: string) => `/images/blog/${slug}.svg`;

const p = (...paragraphs: string[]) => paragraphs.join('\n\n');

export const demoPosts: DemoPost[] = [
  {
    slug: 'teaching-amharic-to-children-in-the-diaspora',
    title: 'Teaching Amharic to children in the diaspora',
    category: 'languages',
    tags: ['amharic', 'diaspora', 'reading'],
    excerpt:
      'Children who grow up abroad can speak, read and write Amharic with a little help every week. Here is what works for the families we tutor.',
    daysAgo: 6,
    body: p(
      'Many parents who moved from Ethiopia to Europe, North America or the Gulf tell us the same story. At home they speak Amharic, the children answer in English, and by the age of eight the language has quietly slipped away. Grandparents on the phone become shy conversations, and family visits home feel like trips to a foreign country. The good news is that it is rarely too late, and that a small, steady effort works better than a big push once a year.',
      'Start with listening and speaking. Children learn a language by hearing it in situations that matter to them: meals, games, bedtime stories, video calls with cousins. Choose one part of the day that is always in Amharic, even if it is only dinner. Keep it light and never correct every mistake; praise the attempt and repeat the right form naturally in your answer.',
      'Then bring in the fidel. The Ge’ez script looks daunting to adults, but children love its patterns. Our tutors teach it as a family of sounds: each consonant has seven forms, and once a child sees the pattern in ሀ ሁ ሂ ሃ ሄ ህ ሆ, the rest of the table becomes a puzzle rather than a wall. Songs, flash cards and colouring pages help the letters stick, and ten minutes a day is plenty at the start.',
      'Reading comes next, with short and funny texts. Picture books, comics and simple stories about school and friends work far better than grammar exercises. When a child can read a sentence alone, celebrate it: send a voice message to the grandparents, let the child read the menu at an Ethiopian restaurant, or write a birthday card together.',
      'Finally, make it social. A weekly online lesson with a tutor gives structure and a friendly adult who is not a parent, which matters more than it sounds. Children who would argue with their mother about homework will happily practise for a teacher they like. Combine that lesson with a few minutes of daily practice at home and most children read simple texts within a few months.',
      'Language is a bridge to family, history and identity. Building it takes patience, but every word your child learns is a word they can share with the people who love them.',
    ),
    comments: [
      {
        name: 'Saba M.',
        email: 'saba.m@example.com',
        body: 'The tip about keeping dinner in Amharic changed our evenings. Thank you!',
        daysAfter: 1,
      },
      {
        name: 'Daniel A.',
        email: 'daniel.a@example.com',
        body: 'Our son started with Hana last month and already reads short words. Highly recommend.',
        daysAfter: 2,
      },
      {
        name: 'Mimi K.',
        email: 'mimi.k@example.com',
        body: 'Are there any Amharic picture books you recommend for a five-year-old?',
        daysAfter: 3,
      },
    ],
  },
  {
    slug: 'how-to-prepare-for-the-grade-12-national-exam',
    title: 'How to prepare for the Grade 12 national exam',
    category: 'study-tips',
    tags: ['exam-prep', 'math', 'science'],
    excerpt:
      'A calm, month-by-month plan for the Ethiopian university entrance exam: what to study, when to practise and how to stay well.',
    daysAgo: 18,
    body: p(
      'The Grade 12 national exam decides university places, and every year students tell us that the pressure felt bigger than the content. The exam rewards steady preparation far more than last-minute cramming, so the best time to make a plan is now, whatever month it is.',
      'Begin with an honest map of where you stand. Take one past paper per subject under timed conditions, mark it, and sort every lost mark into three groups: topics you never learned, topics you half know, and careless mistakes. That list is your study plan. Most students discover that a handful of topics cost them most of their marks.',
      'Build a weekly rhythm rather than a heroic timetable. Two focused sessions per subject per week, each of about ninety minutes with a short break, are more effective than long days that leave you exhausted. Use the first half of each session to learn or review a topic and the second half to solve exam questions on it.',
      'Practise past papers often, and always under time. Exam technique is a skill of its own: reading the question carefully, skipping a hard item and coming back to it, checking units and signs. In the last two months, sit a full mock exam every two weeks and review it with a teacher or tutor.',
      'Keep a mistake log. Write down every error with the correct method and a one-line lesson, such as “square both sides only when both are positive”. Read the log before each mock exam. Students who keep one are often surprised how quickly the same mistakes disappear.',
      'Do not neglect sleep, food and movement. A tired brain forgets what it learned during the day. Aim for regular sleep, short walks and time with friends, and ask for help early if anxiety becomes heavy; talking to a teacher, a counsellor or family helps.',
      'Finally, use the people around you. Study groups, older siblings and tutors can explain a topic in a new way when the textbook does not. A tutor who has marked exam papers can show you exactly what examiners look for, and that insight is often worth many hours of solo study.',
    ),
    comments: [
      {
        name: 'Biniam T.',
        email: 'biniam.t@example.com',
        body: 'The mistake log is gold. I wish someone told me this in Grade 11.',
        daysAfter: 2,
      },
    ],
  },
  {
    slug: 'five-habits-of-students-who-love-maths',
    title: 'Five habits of students who love maths',
    category: 'study-tips',
    tags: ['math'],
    excerpt: '',
    daysAgo: 33,
    body: p(
      'Some children seem to be born loving numbers, but in our experience the love of maths is mostly built from small habits that anyone can learn. Here are five we see again and again in students who enjoy the subject and do well in it.',
      'First, they ask why. Students who enjoy maths are not satisfied with a rule; they want to know where it comes from. Why does dividing by a fraction mean multiplying by its reciprocal? When a child understands the reason, the rule stops being something to memorise and becomes something they could rediscover on their own. Parents can encourage this by asking “how do you know?” instead of “is it right?”.',
      'Second, they draw. A quick sketch turns a confusing word problem into a picture: a number line, a bar model, a diagram of a garden with its fence. Good students reach for a pencil before they reach for a formula, and tutors can teach this habit in just a few lessons.',
      'Third, they practise a little every day. Ten minutes of mental arithmetic or a couple of puzzles each day does more than two hours on Sunday. Maths builds on itself, and regular practice keeps the foundations firm so new topics have something to stand on.',
      'Fourth, they treat mistakes as information. A wrong answer tells you exactly what to look at next. Students who love maths check their work, find the step where things went wrong and fix it, without deciding that they are “bad at maths”. Praise the effort and the correction, not only the right answer.',
      'Fifth, they see maths outside the classroom. Cooking, shopping, football statistics, travel times and savings plans are full of numbers. When children notice that maths helps them in real life, motivation follows naturally.',
      'None of these habits requires special talent. They can be modelled at home, encouraged by teachers and practised with a tutor, and together they turn maths from a source of worry into a source of confidence.',
    ),
  },
  {
    slug: 'why-every-child-should-learn-to-code',
    title: 'Why every child should learn to code',
    category: 'stem',
    tags: ['coding', 'online-learning'],
    excerpt:
      'Coding teaches children to break problems into steps, test ideas and keep going when things fail. It is a life skill, not only a career skill.',
    daysAgo: 47,
    body: p(
      'When parents ask whether their child should learn to code, they often think of careers: software engineering, data science, start-ups. Those are real opportunities, and Ethiopia’s growing technology sector needs many more skilled developers. But the strongest reason to learn coding at a young age is what it does to the way a child thinks.',
      'Programming is the practice of breaking a big problem into small, precise steps. A child who wants a character to jump in a game must think about what “jump” means: move up, wait, move down, check if the ground is there. That habit of decomposition helps in mathematics, in essay writing and in planning a school project.',
      'Coding also teaches a healthy relationship with failure. Programs rarely work the first time. Children learn to read an error message, form a guess, test it and try again. This cycle of hypothesis and experiment is the heart of science, and it builds the resilience that teachers and parents hope to see in every subject.',
      'It is creative, too. With a few lines of Python a teenager can draw patterns, build a quiz for their siblings or analyse the results of their football league. Younger children using Scratch tell stories with animated characters. The computer becomes a tool for making things, not only for watching them.',
      'Where should you start? For children between seven and ten, visual block-based tools are ideal: they remove the frustration of typing errors and let children focus on logic. From around eleven, most students are ready for a text language such as Python or JavaScript. The key is projects the child cares about, not abstract exercises.',
      'A good tutor helps by choosing projects at the right level, explaining errors calmly and keeping the momentum going between lessons. An hour a week, plus a small challenge to finish at home, is enough for steady progress. Within a few months, most children can show the family something they built themselves, and that pride is the best motivation of all.',
    ),
    comments: [
      {
        name: 'Hiwot D.',
        email: 'hiwot.d@example.com',
        body: 'My daughter started with Scratch at nine and now writes Python at twelve. Agree with every word.',
        daysAfter: 4,
      },
      {
        name: 'Yohannes B.',
        email: 'yohannes.b@example.com',
        body: 'Would love a follow-up post on good first projects.',
        daysAfter: 6,
        pending: true,
      },
    ],
  },
  {
    slug: 'getting-the-most-from-online-tutoring',
    title: 'Getting the most from online tutoring',
    category: 'study-tips',
    tags: ['online-learning'],
    excerpt:
      'A quiet corner, a working headset and a clear goal for each month: simple steps that make online lessons as good as face-to-face ones.',
    daysAgo: 61,
    body: p(
      'Online tutoring has opened doors for families everywhere: a child in Washington can learn Tigrigna from a teacher in Mekelle, and a student in Adama can work with a physics specialist in Addis Ababa. To make every lesson count, a little preparation goes a long way.',
      'Set up a learning corner. A quiet place with a table, good light and a charged device helps children focus. Headphones with a microphone cut out household noise and make it easier to hear pronunciation, which matters a lot in language lessons. Test the connection a few minutes before the first lesson.',
      'Keep materials at hand. A notebook, pencils, an eraser and, for maths and science, a calculator and a ruler should be ready before the lesson starts. Tutors often share a whiteboard on screen, but writing by hand helps memory, so encourage your child to take notes.',
      'Agree on goals. At the start, tell the tutor what you hope to achieve: passing an exam, reading storybooks, building a website. A good tutor will turn that into a plan and check progress every few weeks. Ask for a short update after each lesson so you know what to practise at home.',
      'Protect the routine. Weekly lessons at the same time become part of family life, and children settle into them quickly. If you need to move a lesson, do it early through your dashboard so the tutor can plan, and try to avoid frequent changes.',
      'Stay involved without hovering. Young children benefit from a parent nearby for the first few lessons; older students usually prefer privacy. Either way, showing interest, asking what they learned and praising effort keeps motivation high.',
      'Finally, give it time. The first two or three lessons are about getting to know each other. Real progress shows after a month or two of steady work, and the habits built along the way last far longer than any single lesson.',
    ),
  },
  {
    slug: 'reading-together-at-home',
    title: 'Reading together at home: a guide for busy parents',
    category: 'parenting',
    tags: ['reading'],
    excerpt: '',
    daysAgo: 75,
    body: p(
      'Reading with your child is one of the most powerful things you can do for their education, and it does not need much time. Fifteen minutes a day, in any language your family speaks, builds vocabulary, attention and a love of stories that carries into every school subject.',
      'Make it a ritual. Children thrive on routine, so choose a regular moment: after dinner, before bed, or on the bus to school. Let the child choose the book as often as possible, even if it is the same one for the tenth time; repetition is how young readers gain fluency.',
      'Talk about the story. Ask what might happen next, how a character feels, or what your child would do in their place. These conversations develop comprehension, the skill that separates reading words from understanding them. For older children, swap roles and let them ask you the questions.',
      'Mix languages freely. Bilingual families sometimes worry that reading in Amharic, Afaan Oromoo or Tigrigna will slow down English at school. Research and experience say the opposite: strong reading in one language supports reading in another, because the skills of decoding and understanding transfer.',
      'Visit the library, online or in person. Many libraries lend e-books and audiobooks for free, and audiobooks are a great companion on long journeys. Let children see you reading too; they copy what adults do far more than what adults say.',
      'Do not turn it into a test. If every reading session ends with a quiz, children learn that reading is work. Keep it warm and relaxed. If your child struggles with decoding or seems to avoid reading, talk to the teacher or a tutor early; a few targeted lessons can make a big difference.',
      'Busy weeks happen. On days when fifteen minutes feels impossible, read one page, or ask your child to read a recipe or a sign to you. What matters is that books stay a friendly part of daily life.',
    ),
    comments: [
      {
        name: 'Rediet F.',
        email: 'rediet.f@example.com',
        body: 'We read in Amharic at night and English in the morning. Good to know it helps both!',
        daysAfter: 3,
      },
    ],
  },
  {
    slug: 'simple-science-experiments-at-home',
    title: 'Simple science experiments you can do at home',
    category: 'stem',
    tags: ['science'],
    excerpt:
      'Vinegar volcanoes, coffee-filter chromatography and a pendulum clock: safe experiments with kitchen items that teach real science.',
    daysAgo: 90,
    body: p(
      'Science is best learned by doing, and a kitchen holds everything you need for a week of discoveries. These experiments are safe with adult supervision, cost almost nothing and connect to topics in the middle-school curriculum.',
      'The baking soda volcano is a classic for a reason. Mix two spoons of baking soda with a little water in a cup, add a few drops of food colouring, then pour in vinegar. The fizzing is carbon dioxide, produced when an acid reacts with a base. Ask your child to predict what happens with more vinegar, or with lemon juice instead, and then test it.',
      'Coffee-filter chromatography separates the colours hidden in a black felt-tip pen. Draw a thick dot near the bottom of a strip of filter paper, dip the end in water and watch the colours climb at different speeds. It is a lovely introduction to mixtures and to how scientists identify substances.',
      'A pendulum made from string and a small weight teaches measurement and variables. Time ten swings, then change the length of the string, then the weight. Which change matters? Children are often surprised that the weight makes almost no difference, which opens a great conversation about forces and gravity.',
      'Growing beans in a clear jar with wet paper towels shows germination day by day. Put one jar in the dark and one in the light, and keep a drawing diary. This simple comparison is a real controlled experiment.',
      'Whatever you try, encourage the habits of a scientist: make a prediction, change one thing at a time, record what you see and explain it. Writing a short report with a title, a method and a conclusion prepares children for the practical questions that appear in exams.',
      'If your child catches the science bug, a tutor can build on it with more structured investigations and the theory behind them. Curiosity is the engine; a little guidance helps it go far.',
    ),
  },
  {
    slug: 'afaan-oromoo-and-tigrigna-for-young-learners',
    title: 'Afaan Oromoo and Tigrigna for young learners',
    category: 'languages',
    tags: ['diaspora', 'reading'],
    excerpt:
      'Two of Ethiopia’s great languages, two different scripts. How our tutors introduce Qubee and Ge’ez letters to children, gently and joyfully.',
    daysAgo: 104,
    body: p(
      'Ethiopia is home to more than eighty languages, and many families want their children to speak the language of their parents and grandparents. Two of the languages our families ask for most often are Afaan Oromoo and Tigrigna, each with a rich tradition of stories, songs and proverbs.',
      'Afaan Oromoo is written in Qubee, an alphabet based on Latin letters. For children who already read English at school, that is a big advantage: the letters are familiar, and the work is in learning the sounds and the long and doubled letters that change meaning. Our tutors start with greetings, family words and songs, then move to short texts that children can read aloud within weeks.',
      'Tigrigna uses the Ge’ez script, shared with Amharic. Children learn the script as a table of consonants, each with seven vowel forms. It looks like a lot of letters, but the pattern makes it learnable, and children enjoy the puzzle of recognising families of shapes. Picture cards and colouring pages make the first steps playful.',
      'In both languages, speaking comes first. A child who can chat about food, friends and games is motivated to read and write. Tutors use role play, simple stories and video calls with relatives as goals: “this week you will tell grandmother about your football match”.',
      'Consistency matters more than intensity. One or two lessons a week, plus a few minutes of daily listening or reading at home, keeps progress steady. Children who hear the language regularly from parents progress fastest, so we encourage families to use it at home, even imperfectly.',
      'Learning a heritage language connects children to their roots and to relatives across the world. It is also a gift for the brain: bilingual children tend to be flexible thinkers and attentive listeners. Whether your family speaks Afaan Oromoo, Tigrigna, Amharic or all three, it is never too early or too late to start.',
    ),
    comments: [
      {
        name: 'Lensa O.',
        email: 'lensa.o@example.com',
        body: 'Galatoomaa! Our kids are learning Qubee with Chaltu and love the songs.',
        daysAfter: 5,
      },
    ],
  },
  {
    slug: 'helping-your-child-manage-exam-stress',
    title: 'Helping your child manage exam stress',
    category: 'parenting',
    tags: ['exam-prep'],
    excerpt:
      'Some nerves before an exam are normal and even helpful. Here is how to tell when stress becomes too much, and what parents can do.',
    daysAgo: 128,
    body: p(
      'Exams matter, and it is natural for students to feel nervous before them. A little stress sharpens focus and motivates revision. Too much stress, however, harms sleep, memory and wellbeing, and can make a well-prepared student perform below their ability. Parents play a big role in keeping the balance.',
      'Watch for the signs. Trouble sleeping, loss of appetite, irritability, headaches and avoiding revision altogether can all signal that stress is becoming overwhelming. Teenagers may not say it in words, so pay attention to changes in behaviour.',
      'Help with a realistic plan. Much of exam stress comes from the feeling that there is too much to do. Sitting down together to break revision into weekly goals makes the task visible and manageable. Tick off each goal as it is completed; progress you can see is calming.',
      'Protect the basics. Regular sleep, balanced meals, water and some daily movement are not luxuries during exam season; they are what allows the brain to store what was learned. Encourage short breaks and time outdoors, and keep screens out of the bedroom at night.',
      'Watch your words. Comparing a child with siblings or classmates, or repeating how important the exam is, adds pressure. Instead, praise effort and remind your child that one exam does not define their future. Share your own stories of difficult exams and how you managed.',
      'Teach simple calming techniques. Slow breathing, counting four in and six out, helps in the exam room. Positive self-talk, such as “I have prepared, I can do this one question at a time”, replaces spiralling thoughts.',
      'Ask for help when needed. Teachers, school counsellors and tutors can all support a stressed student. A tutor can target weak topics so that the student walks into the exam feeling prepared, which is the best antidote to anxiety. And if stress turns into persistent low mood, speak with a health professional.',
    ),
  },
  {
    slug: 'javascript-projects-for-teenagers',
    title: 'Five JavaScript projects for teenagers',
    category: 'stem',
    tags: ['coding'],
    excerpt:
      'From a personal homepage to a quiz game: five beginner projects that teach real web development and are fun to show friends.',
    daysAgo: 150,
    body: p(
      'JavaScript is the language of the web, and one of its joys is that every project runs in a browser that teenagers already use every day. Here are five projects our coding tutors use to take students from their first line of code to a small portfolio.',
      'Project one: a personal homepage. Using HTML for structure and CSS for style, students build a page about themselves, their hobbies and their favourite football club. Adding a button that changes the colour theme is a gentle introduction to JavaScript events.',
      'Project two: a quiz game. An array of questions, a score variable and a few functions are enough to build a multiple-choice quiz. Students learn loops, conditions and how to update the page. Making the quiz about Ethiopian history or their favourite films keeps it personal.',
      'Project three: a to-do list that remembers. Students create, tick and delete tasks, then store them in the browser’s local storage so they survive a refresh. This project introduces data structures and the idea of saving state.',
      'Project four: a weather or currency dashboard. Fetching data from a free public service teaches asynchronous code and JSON, two ideas at the heart of modern web development. Displaying the birr exchange rate or the weather in Addis Ababa and in the city where relatives live makes the data meaningful.',
      'Project five: a small game on a canvas. Drawing shapes, moving a character with the keyboard and detecting collisions bring together everything learned so far, plus a little geometry. Many students keep improving their game long after the lesson ends.',
      'Along the way, tutors teach professional habits: naming things clearly, using the browser’s developer tools to debug, and saving work with version control. By the end, students have five projects to show, a realistic idea of what programming involves and, most importantly, the confidence to learn more on their own.',
    ),
  },
  {
    slug: 'understanding-fractions-without-tears',
    title: 'Understanding fractions without tears',
    category: 'stem',
    tags: ['math'],
    excerpt: '',
    daysAgo: 172,
    body: p(
      'Fractions are the first big hurdle in primary school mathematics. Until then, numbers behaved nicely: bigger digits meant bigger numbers. Suddenly one third is smaller than one half, even though three is bigger than two. No wonder so many children decide that maths is confusing. With the right approach, though, fractions can make sense.',
      'Start with sharing. Before any symbols, give your child real objects to divide fairly: a piece of injera between four people, a bar of chocolate between three friends. The idea that the more people share, the smaller each piece gets is intuitive, and it is exactly why one third is smaller than one half.',
      'Draw, draw, draw. Circles, rectangles and number lines make fractions visible. Ask your child to shade three quarters of a rectangle, then to find another rectangle with the same amount shaded but cut into eighths. Equivalent fractions stop being a rule and become something they can see.',
      'Use the number line early. Placing fractions between zero and one, and then beyond one, helps children understand that fractions are numbers, not just pieces of pizza. It also prepares them for decimals and negative numbers later.',
      'Connect to measurement and money. Half a litre of milk, a quarter of an hour, three quarters of a metre: everyday measures are full of fractions. Cooking together is a particularly good way to practise, because recipes often need to be halved or doubled.',
      'Only then introduce the procedures. Adding fractions with different denominators, multiplying and dividing become much easier once a child understands what a fraction is. Explain why we need a common denominator before showing how to find one.',
      'Be patient. Fractions take time, and most children need to revisit them several times over the years. A tutor can diagnose precisely where the misunderstanding lies and fix it with the right activity, turning tears into the satisfying click of understanding.',
    ),
    comments: [
      {
        name: 'Tewodros N.',
        email: 'tewodros.n@example.com',
        body: 'Sharing injera to explain fractions worked instantly with my son. Brilliant idea.',
        daysAfter: 2,
      },
    ],
  },
  {
    slug: 'choosing-the-right-tutor-for-your-child',
    title: 'Choosing the right tutor for your child',
    category: 'parenting',
    tags: ['online-learning'],
    excerpt:
      'Qualifications matter, but so do teaching style, availability and the connection with your child. Questions to ask before you book.',
    daysAgo: 201,
    body: p(
      'A good tutor can transform a child’s relationship with a subject. But with so many profiles to choose from, how do you find the right one? Here is the checklist we share with families who ask us for advice.',
      'Be clear about your goal. Do you want to close gaps from previous years, prepare for a specific exam, keep up a heritage language or explore a new interest such as coding? The best tutor for exam coaching is not necessarily the best for a shy seven-year-old learning to read.',
      'Check subject knowledge and experience. Look at the tutor’s education, years of experience and the grades they teach. A tutor who regularly works with your child’s age group knows the common difficulties and the curriculum.',
      'Read the teaching style. Some tutors are structured and exam focused; others are playful and project based. Think about how your child learns best. A child who loses focus easily might do better with short, varied activities, while a motivated teenager may want a demanding schedule.',
      'Look at reviews, but read them closely. Ratings give a quick picture, and comments from other parents often mention punctuality, patience and the progress their children made. A new tutor without reviews may still be excellent; consider a first lesson to find out.',
      'Consider time zones and availability. If you live abroad, check that the tutor’s available hours fit your child’s after-school time. On Tibeb, every time is shown in Ethiopian time and in your own local time, so you can see at a glance what works.',
      'Trust the first few lessons. After two or three sessions, ask your child how they feel. Do they understand the explanations? Do they look forward to the lesson? The connection between tutor and student matters as much as any qualification. If it does not feel right, it is perfectly fine to try someone else; a good match is worth finding.',
    ),
  },
  {
    slug: 'tibeb-tutoring-now-offers-coding-classes',
    title: 'Tibeb Tutoring now offers coding classes',
    category: 'news',
    tags: ['coding'],
    excerpt:
      'Python and JavaScript lessons for children and teenagers, taught by working software engineers. Here is what to expect.',
    daysAgo: 230,
    body: p(
      'We are delighted to announce that coding is now one of the four subject areas on Tibeb Tutoring, alongside mathematics, sciences and languages. Families have asked for it for a long time, and we are proud to welcome a group of tutors who work as software engineers and love teaching young people.',
      'Coding lessons are available for children from around Grade 5 up to Grade 12. Younger students start with visual programming and move to Python when they are ready. Teenagers can choose Python, with projects in games and data, or JavaScript, with a focus on building websites they can publish and share.',
      'Like every subject on Tibeb, coding lessons are one-to-one and online, booked as a recurring weekly session at a time that suits your family. All you need is a laptop or desktop computer with a web browser; tutors help set up any free tools during the first lesson.',
      'Each course is project based. Students finish every month with something they built themselves, from a quiz game to a personal homepage, and parents receive short notes on progress. Tutors also set small challenges between lessons to keep the momentum going.',
      'Why coding, and why now? Technology is changing every industry, in Ethiopia and around the world. Beyond future careers, programming teaches logical thinking, persistence and creativity, skills that help in every school subject.',
      'To celebrate the launch, the first-lesson discount on our offers page applies to coding lessons too. Browse our coding tutors in the directory, read their profiles and reviews, and book a first session. We cannot wait to see what your children build.',
      'Parents sometimes ask whether their child is too young or too old to start. In our experience, any child who can read simple instructions can begin with visual programming, and teenagers who have never coded before catch up quickly because they already understand the apps and games they use every day.',
      'As always, if you have questions about which tutor or level is right for your child, contact our team. We are happy to help you choose.',
    ),
  },
  {
    slug: 'english-essay-writing-a-step-by-step-method',
    title: 'English essay writing: a step-by-step method',
    category: 'languages',
    tags: ['exam-prep', 'reading'],
    excerpt:
      'Plan, draft, revise: the method our English tutors teach for clear, well-argued essays in school, IELTS and SAT exams.',
    daysAgo: 262,
    body: p(
      'Essay writing is a skill that students need in almost every subject and every exam, yet it is rarely taught step by step. Our English tutors use a simple method that turns a blank page into a clear, convincing essay.',
      'Step one: understand the question. Underline the key words and decide what kind of essay it asks for: argue, compare, explain or describe. Many weak essays are well written but answer a different question from the one asked.',
      'Step two: plan before you write. Spend five minutes listing ideas, then choose the two or three strongest. Write one sentence that states your main point; this is your thesis. Arrange the ideas in a logical order, each with an example or piece of evidence.',
      'Step three: write the introduction. Start with a sentence that draws the reader in, give a little context and finish with your thesis. Keep it short; the introduction is a promise, and the body keeps it.',
      'Step four: build strong paragraphs. Each paragraph should make one point, support it with evidence and explain how it connects to the thesis. A useful pattern is point, evidence, explanation, link. Vary your sentence length and use linking words such as however, therefore and in addition.',
      'Step five: conclude with purpose. Restate the thesis in new words, summarise the main points and end with a final thought, such as a consequence or a question for the future. Never introduce a brand-new argument at the end.',
      'Step six: revise. Read the essay aloud, cut repeated words, check grammar and spelling, and make sure every paragraph answers the question. In exams, leave a few minutes for this step; it often lifts a grade.',
      'Practise regularly with timed essays and detailed feedback. Students who write one essay a week and act on their tutor’s comments usually see clear improvement within a term.',
    ),
  },
  {
    slug: 'welcome-to-the-tibeb-blog',
    title: 'Welcome to the Tibeb blog',
    category: 'news',
    tags: ['online-learning', 'diaspora'],
    excerpt:
      'Study tips, language learning, STEM ideas and parenting advice from our tutors, for families in Ethiopia and around the world.',
    daysAgo: 340,
    body: p(
      'Welcome to the Tibeb Tutoring blog. Tibeb means wisdom in Amharic, and it is also the name of the beautiful woven borders on traditional Ethiopian clothing. We chose it because learning, like tibeb, is made thread by thread, with patience and care.',
      'Tibeb Tutoring connects families with experienced Ethiopian tutors for online lessons in mathematics, sciences, languages and coding. Many of our families live in Ethiopia; many others live abroad and want their children to keep strong links with their languages and culture while doing well at school.',
      'On this blog our tutors share what they have learned from years of teaching. You will find study tips for exams, ideas for learning languages at home, simple science experiments, coding projects and advice for parents on motivation, reading and stress.',
      'We will also share news about Tibeb: new subjects, new tutors, special offers and improvements to our booking system. Our goal is to make it easy to find the right tutor, book a weekly lesson at a time that suits you, and follow your child’s progress.',
      'We would love to hear from you. Every post has a comment section, and our team reads every message sent through the contact page. Tell us what topics you would like us to cover, share your own tips, or ask a question for our tutors to answer in a future post.',
      'A word on how we choose tutors. Every tutor on Tibeb has a university degree or a teaching qualification in their subject, experience with children and teenagers, and a short trial lesson observed by our team. We read every review parents leave and talk with tutors regularly about what is working and what could be better.',
      'Thank you for being part of the Tibeb community. Whether your child is learning to count, preparing for the national exam or writing their first program, we are glad to be part of the journey.',
    ),
    comments: [
      {
        name: 'Selam G.',
        email: 'selam.g@example.com',
        body: 'Love the meaning behind the name. Looking forward to the posts!',
        daysAfter: 1,
      },
    ],
  },
  {
    slug: 'summer-learning-plan-draft',
    title: 'A summer learning plan that children enjoy',
    category: 'study-tips',
    tags: ['reading', 'math'],
    excerpt: 'Draft: keeping skills fresh over the long break without spoiling the holiday.',
    daysAgo: null,
    body: p(
      'The long summer break is a time to rest, travel and play, but many parents worry about the learning that fades over two or three months without school. This draft collects ideas from our tutors for a light summer routine.',
      'Reading every day, a weekly maths game and one project of the child’s choice keep skills fresh without turning the holiday into school.',
    ),
  },
];
