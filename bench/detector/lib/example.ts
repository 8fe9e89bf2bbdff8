/** One labelled text of the detection data, with the source file, domain, generator and document group it came from. */
export interface Example { text: string; label: 'human' | 'ai'; domain: string; generator: string; group: string; source: string }
