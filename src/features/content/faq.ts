/**
 * How the FAQ's Markdown is read (docs/articles.md "FAQ and legal pages"): each `## heading` opens a topic, each
 * `### heading` under it is a question whose answer is the Markdown up to the next heading of level 2 or 3. Text
 * before the first topic is the introduction; a question before any topic goes into a topic without a title.
 */
export interface FaqQuestion {
  question: string;
  /** The answer's Markdown. */
  answer: string;
}

export interface FaqTopic {
  title: string;
  questions: FaqQuestion[];
}

export interface FaqOutline {
  intro: string;
  topics: FaqTopic[];
}

const HEADING = /^(#{2,3})[ \t]+(.+?)[ \t#]*$/;

export function outlineFaq(markdown: string): FaqOutline {
  const intro: string[] = [];
  const topics: FaqTopic[] = [];
  let answer: string[] | undefined;
  let fence = false;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = fence ? null : HEADING.exec(line);
    if (heading && heading[1] === '##') {
      topics.push({ title: heading[2], questions: [] });
      answer = undefined;
      continue;
    }
    if (heading) {
      if (topics.length === 0) topics.push({ title: '', questions: [] });
      answer = [];
      topics[topics.length - 1].questions.push({ question: heading[2], answer: '' });
      continue;
    }
    if (answer) {
      const topic = topics[topics.length - 1];
      const question = topic.questions[topic.questions.length - 1];
      question.answer = question.answer ? `${question.answer}\n${line}` : line;
    } else if (topics.length === 0) intro.push(line);
  }
  for (const topic of topics) for (const q of topic.questions) q.answer = q.answer.trim();
  return { intro: intro.join('\n').trim(), topics };
}

/** Lower-case, accents dropped, spaces squeezed: how a search and the text it is matched against are compared. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The questions that contain every word of `query` (in the question or its answer, accents and case ignored);
 * topics left without a question are dropped. An empty query keeps everything.
 */
export function filterFaq(outline: FaqOutline, query: string): FaqOutline {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return outline;
  const topics = outline.topics
    .map((topic) => ({
      title: topic.title,
      questions: topic.questions.filter((q) => {
        const text = foldForSearch(`${topic.title} ${q.question} ${q.answer}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((topic) => topic.questions.length > 0);
  return { intro: outline.intro, topics };
}
