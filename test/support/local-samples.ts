/** Hand-written samples for the local engine's tests: templated machine prose and plain human prose. */

export const AI_BOILERPLATE = "In today's fast-paced world, it is important to note that technology plays a crucial role in shaping our lives. " +
  'Furthermore, it is essential to understand the multifaceted nature of this transformation. ' +
  'Moreover, digital tools foster a sense of connection and enhance productivity across various industries. ' +
  'Additionally, organizations must leverage innovative solutions to navigate the ever-evolving landscape of modern business. ' +
  'In conclusion, embracing technology is not only beneficial but also essential for success. ' +
  'Ultimately, we must delve into the rich tapestry of opportunities that lie ahead.';

export const HUMAN_PROSE = 'I missed the bus again this morning, so I walked. It took forty minutes. ' +
  "The rain didn't help, and my left shoe has a hole in it that I keep meaning to fix. " +
  "Halfway there I stopped at Rosa's for coffee — she'd burned it, as usual, but I drank it anyway because it was hot. " +
  'By the time I got to work my socks were soaked. Nobody noticed. Or if they did, they were kind enough not to say.';
