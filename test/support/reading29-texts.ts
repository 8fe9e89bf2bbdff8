/**
 * Long machine-style texts of the twenty-ninth reading (800–1,000 words each, several paragraphs and sections, the same
 * stock connectives in every paragraph), whose defects show only across a whole text: a connective put in once more
 * than the text already has it, or the same replacement in every paragraph.
 */

/** An essay: "Additionally," and "Furthermore," throughout, "Therefore," three times, "Consequently," twice, "As a result," once. */
export const ESSAY = `The Role of Social Media in Modern Democracy

Social media has fundamentally transformed the way people access information, communicate with one another and participate in political life. Platforms such as Facebook, X and TikTok now serve as primary sources of news for millions of citizens around the world. Consequently, they play a crucial role in shaping public opinion. This essay will explore both the benefits and the drawbacks of social media for democratic societies, and it will argue that while social media offers significant opportunities for civic engagement, it also poses serious risks that must be addressed.

On the one hand, social media has made political participation more accessible than ever before. In the past, ordinary citizens had few opportunities to make their voices heard beyond the ballot box. Today, however, anyone with a smartphone can share their views with a global audience. Additionally, social media allows grassroots movements to organize quickly and at very low cost. For example, the protests of the Arab Spring in 2011 were coordinated to a large extent through Facebook and Twitter. Furthermore, politicians can now communicate directly with voters, bypassing traditional media gatekeepers.

Moreover, social media can increase political awareness among young people. Research suggests that young adults who follow political accounts online are more likely to vote than those who do not. Additionally, social media platforms often provide information about voter registration deadlines and polling locations. It is worth noting, however, that correlation does not imply causation, and it is possible that young people who are already interested in politics are simply more likely to follow political accounts.

On the other hand, social media also poses significant threats to democracy. One of the most serious concerns is the spread of misinformation. False stories can spread rapidly on social media, often faster than accurate information. Additionally, algorithms that prioritize engagement tend to promote sensational and emotionally charged content. As a result, users may be exposed to a distorted picture of reality. Furthermore, foreign governments and other actors have used social media to interfere in elections, as was the case in the 2016 United States presidential election.

Moreover, social media can contribute to political polarization. Because algorithms show users content that matches their existing preferences, people may end up in so-called "echo chambers" where they rarely encounter opposing viewpoints. Additionally, the anonymity of online interactions can encourage hostile and abusive behavior. Consequently, political debate on social media is often characterized by insults rather than reasoned argument. It is important to note, however, that some researchers question how strong the echo chamber effect really is. A study published in 2023, for instance, found that most users are exposed to a wider range of views online than offline.

Another concern is the concentration of power in the hands of a small number of technology companies. These companies decide which content is allowed on their platforms and which content is removed. Additionally, they are not democratically accountable to the public. Furthermore, their content moderation decisions are often inconsistent and opaque. For example, a post that is removed in one country may remain visible in another. Therefore, critics argue that private companies should not have so much influence over public discourse.

In response to these challenges, governments around the world have begun to introduce new regulations. The European Union's Digital Services Act, which came into force in 2024, requires large platforms to assess and reduce systemic risks, including risks to electoral processes. Additionally, it gives users the right to challenge content moderation decisions. Moreover, several countries have introduced laws requiring greater transparency in political advertising. However, it is important to note that regulation also carries risks. Laws that are too broad may restrict freedom of expression, and authoritarian governments may use such laws as a pretext to silence critics.

Furthermore, regulation alone cannot solve the problem. Citizens themselves must develop the skills needed to evaluate information critically. Media literacy education can help people to recognize misinformation, to check sources and to understand how algorithms work. Additionally, journalists and fact-checkers play an important role in correcting false claims. Moreover, platforms can contribute by labeling misleading content and by reducing the reach of accounts that repeatedly spread falsehoods.

In addition, it is worth considering the role of traditional media. Although newspapers and broadcasters have lost much of their audience to social media, they remain an important source of reliable information. Additionally, many people still trust public broadcasters more than they trust content shared on social media. Therefore, supporting independent journalism may be one of the most effective ways to strengthen democratic debate.

In conclusion, social media is neither inherently good nor inherently bad for democracy. On the one hand, it has made political participation more accessible and has given a voice to people who were previously excluded. On the other hand, it has facilitated the spread of misinformation, contributed to polarization and concentrated power in the hands of a few companies. Ultimately, the impact of social media on democracy will depend on the choices made by governments, companies and citizens. Additionally, it will depend on whether societies are willing to invest in education and independent journalism. If these challenges are addressed thoughtfully, social media can become a powerful tool for strengthening rather than undermining democracy.`;

/** A blog post: "Plus," twelve times, "However," five times, "Therefore," before two instructions. */
export const BLOG = `# 10 Proven Tips to Boost Your Productivity When Working From Home

Working from home has become the new normal for millions of people. Plus, it offers incredible flexibility. However, it also comes with its own unique set of challenges. Whether you're a seasoned remote worker or just getting started, these tips will help you stay focused, motivated and productive. Let's dive in!

## 1. Create a Dedicated Workspace

First and foremost, you need a space that is just for work. It doesn't have to be a separate room. Plus, even a small corner of your living room can work perfectly. The key is consistency. When you sit down at your desk, your brain knows it's time to work. Additionally, a dedicated workspace makes it easier to "leave" work at the end of the day.

## 2. Stick to a Routine

One of the biggest benefits of remote work is flexibility. However, too much flexibility can quickly lead to chaos. That's why it's important to set regular working hours. Plus, try to start your day the same way every morning. Whether it's a cup of coffee, a short walk or ten minutes of stretching, a morning ritual signals to your body that the workday has begun.

## 3. Get Dressed

It might be tempting to work in your pajamas all day. However, getting dressed can make a huge difference to your mindset. You don't have to wear a suit. Plus, a clean T-shirt and a pair of jeans are more than enough. The point is to separate "home mode" from "work mode."

## 4. Use the Pomodoro Technique

The Pomodoro Technique is a simple yet powerful time management method. Here's how it works: you work for 25 minutes, then take a 5-minute break. After four rounds, you take a longer break of 15 to 30 minutes. Plus, there are plenty of free apps that can help you keep track of your sessions. Many people find that this technique helps them stay focused and avoid burnout.

## 5. Minimize Distractions

Let's face it: home is full of distractions. From the laundry to the TV to the fridge, there's always something competing for your attention. Additionally, notifications on your phone can seriously disrupt your flow. Therefore, consider putting your phone in another room while you work. Plus, you can use website blockers like Freedom or Cold Turkey to stay off social media during work hours.

## 6. Take Regular Breaks

It may sound counterintuitive, but taking breaks can actually make you more productive. Research shows that short breaks help to restore attention and reduce mental fatigue. Plus, stepping away from your screen is good for your eyes and your posture. Additionally, try to get outside at least once a day. Even a 10-minute walk around the block can boost your mood and energy levels.

## 7. Communicate Proactively

When you work remotely, your colleagues can't see what you're doing. That's why communication is absolutely essential. Make sure to keep your team updated on your progress. Plus, don't be afraid to ask questions when something is unclear. Additionally, tools like Slack, Microsoft Teams and Zoom make it easy to stay connected. However, it's important to set boundaries so that you're not expected to be available 24/7.

## 8. Invest in the Right Tools

Having the right equipment can make a world of difference. A comfortable chair, a good monitor and a reliable internet connection are essential. Plus, noise-cancelling headphones can be a real game-changer if you live with other people. Additionally, consider investing in a standing desk. Many remote workers find that alternating between sitting and standing helps them stay energized throughout the day.

## 9. Set Clear Goals

At the start of each day, write down the three most important tasks you want to complete. This simple habit can help you prioritize and stay on track. Plus, crossing items off your list feels incredibly satisfying! Additionally, try to break larger projects into smaller, more manageable steps. This makes it easier to measure your progress and stay motivated.

## 10. Know When to Log Off

Last but not least, it's crucial to know when to stop working. When your office is in your home, it's easy to keep checking emails late into the evening. However, this can quickly lead to burnout. Therefore, set a clear end to your workday and stick to it. Plus, try shutting down your computer completely at the end of the day. It's a small step, but it sends a powerful signal that work is over.

## Final Thoughts

Working from home doesn't have to be a struggle. By creating a dedicated workspace, sticking to a routine and minimizing distractions, you can be just as productive at home as you are in the office. Plus, you'll save time and money on your commute! Remember, it's all about finding what works best for you. Experiment with these tips, keep the ones that work and don't be afraid to adjust your approach along the way.

What are your favorite tips for working from home? Let us know in the comments below!`;

/** An FAQ: "It is important to note that" and "It is worth noting that" in most answers. */
export const FAQ = `Frequently Asked Questions: Our New Hybrid Working Framework

Introduction

Following extensive consultation with employees, managers and trade union representatives, Calder & Finch has introduced a new hybrid working framework, which comes into effect on 6 January 2026. This document answers the most frequently asked questions about the framework. Additionally, it explains how the framework will be implemented and reviewed. It is important to note that this FAQ does not replace the framework itself, which is available on the intranet.

What is the purpose of the hybrid working framework?

The purpose of the framework is to give employees greater flexibility over where they work, while ensuring that the business continues to meet the needs of its clients. Additionally, the framework aims to support collaboration, learning and a strong team culture. Furthermore, it is designed to help the company attract and retain talented people.

Who does the framework apply to?

The framework applies to all permanent and fixed-term employees whose roles can be carried out at least partly from home. However, it is important to note that some roles, such as reception, facilities and print room staff, require a full-time presence in the office. Additionally, employees in their probationary period will normally be expected to work from the office at least four days per week.

How many days will I be expected to work in the office?

Under the framework, most employees will be expected to work in the office for a minimum of two days per week. Additionally, each team will agree on one or two "anchor days" on which all team members are expected to be present. Furthermore, managers may ask employees to attend the office on additional days for specific purposes, such as client meetings, training or team events. It is worth noting that such requests should be made with at least 48 hours' notice wherever possible.

Can I choose which days I work from home?

Yes, within certain limits. Apart from your team's anchor days, you can choose which days you work from the office, provided that this is agreed with your manager. Additionally, you should record your planned office days in the booking system by 5 p.m. on the preceding Friday. Furthermore, it is important to note that desk availability may be limited on Tuesdays and Wednesdays, which are the most popular office days.

Will I have a permanent desk?

No. Under the framework, all office desks will be bookable through the DeskFinder app. Additionally, lockers will be available on each floor for employees to store their personal belongings. However, employees with a documented medical need or a reasonable adjustment will be allocated a fixed desk. Furthermore, employees who need specialist equipment should contact the Facilities team to discuss their requirements.

What equipment will the company provide for home working?

The company will provide each eligible employee with a laptop, a monitor, a keyboard, a mouse and a headset. Additionally, employees can claim up to £250 towards the cost of an ergonomic chair or desk. Furthermore, employees working from home will receive a monthly allowance of £26 to help cover the cost of heating, electricity and internet. It is important to note that this allowance is subject to tax and National Insurance.

What are my responsibilities when working from home?

When working from home, you are expected to be available and contactable during your normal working hours. Additionally, you must ensure that your workspace is safe and suitable. Furthermore, you must complete the home working risk assessment on the intranet within four weeks of the framework coming into effect. It is worth noting that you must also follow the company's information security policy at all times, in particular when handling confidential client documents.

Can I work from abroad?

Working from abroad is not permitted under the framework, except in exceptional circumstances and with the prior written approval of HR. Additionally, any such arrangement is limited to a maximum of 20 working days per calendar year. Furthermore, it is important to note that working abroad may have tax, immigration and data protection implications, both for you and for the company.

What if hybrid working does not suit me?

Some employees may prefer to work from the office full time, and that is entirely acceptable. Additionally, employees who find it difficult to work from home, for example because of their living situation, are encouraged to speak to their manager or to HR. Furthermore, employees can request a change to their working pattern at any time through the flexible working procedure.

How will the framework be reviewed?

The framework will be reviewed after six months and again after twelve months. Additionally, the review will take into account feedback from employees, managers and clients, as well as data on office occupancy and employee engagement. Furthermore, the results of the review will be shared with all employees. It is worth noting that the company reserves the right to amend the framework following the review.

Who can I contact if I have further questions?

If you have any further questions about the framework, please speak to your line manager in the first instance. Additionally, you can contact the HR team at hr@calderfinch.co.uk or on extension 4410. Furthermore, a series of drop-in sessions will be held in the staff café during the first two weeks of January.`;

/** A sustainability report: "Therefore," before a clause that opens with "although …,". */
export const REPORT = `# Annual Sustainability Report 2025

## Introduction

In today's rapidly evolving business landscape, sustainability has become more important than ever. At Greenfield Logistics, we are committed to reducing our environmental impact while continuing to deliver exceptional value to our customers. This report provides a comprehensive overview of our progress over the past year, the challenges we faced and the goals we have set for 2026.

It is important to note that this is our third annual sustainability report. Additionally, it is the first report to include data from our new warehouses in Rotterdam and Gdańsk. Furthermore, all figures in this report have been independently verified by Northstar Assurance Ltd.

## Emissions

Our total greenhouse gas emissions fell from 48,200 tonnes of CO2 equivalent in 2024 to 41,700 tonnes in 2025, a reduction of 13.5%. This reduction was primarily driven by the electrification of our urban delivery fleet. Additionally, we switched three of our largest depots to renewable electricity contracts.

Moreover, we introduced a new route optimization system in March. This system utilizes real-time traffic data to reduce the distance driven by our vans. As a result, the average distance per delivery fell by 8%. Furthermore, fuel consumption per parcel decreased by 11% compared to the previous year.

However, it is important to note that emissions from our long-haul trucks remained largely unchanged. These vehicles account for approximately 57% of our total emissions. Additionally, electric alternatives for heavy goods vehicles are still limited in range and availability. Therefore, we are exploring the use of hydrotreated vegetable oil (HVO) as a transitional fuel.

## Energy and Buildings

Our warehouses consumed 21.4 GWh of electricity in 2025. Of this, 74% came from renewable sources, up from 52% in 2024. Additionally, we installed rooftop solar panels on our Leeds and Antwerp sites, which together generated 1.9 GWh over the year.

Moreover, we replaced the lighting in all UK warehouses with LED fixtures and motion sensors. This measure alone reduced lighting-related electricity use by 38%. Furthermore, we upgraded the heating systems in two older buildings. It is worth noting that these upgrades also improved working conditions for our staff during the winter months.

In addition, we began a pilot project to store surplus solar energy in on-site batteries. Although the pilot is still at an early stage, the initial results are promising. Additionally, the batteries provide backup power in the event of a grid outage.

## Waste and Packaging

Waste is another area where we have made significant progress. In 2025, we diverted 91% of our operational waste from landfill, compared to 84% in the previous year. Additionally, we reduced the amount of single-use plastic wrap used on pallets by 27 tonnes.

Furthermore, we partnered with two of our largest clients to introduce reusable delivery crates. These crates can be used up to 200 times before they are recycled. Moreover, customer feedback on the crates has been overwhelmingly positive. However, it is important to note that the crates require a reliable return process, which is not yet in place for all routes.

## People and Communities

Sustainability is not only about the environment. At Greenfield Logistics, we believe that our people are our most valuable asset. In 2025, we delivered 14,300 hours of training to our employees, including courses on eco-driving, health and safety and digital skills. Additionally, our staff turnover fell from 19% to 15%.

Moreover, we continued to support the communities in which we operate. Our employees volunteered a total of 2,150 hours with local charities. Furthermore, we donated €120,000 to food banks in the Netherlands, Poland and the United Kingdom. It is worth noting that many of these donations were made in the form of free transport for donated goods.

In addition, we launched a new apprenticeship scheme in partnership with Leeds City College. The scheme offers young people a two-year paid placement and a recognized qualification in logistics. Additionally, 11 of the first 12 apprentices have already been offered permanent positions.

## Challenges

Despite these achievements, we faced several challenges over the course of the year. Firstly, the cost of electric vans increased by around 9% due to supply chain constraints. Secondly, the grid connection for our new Gdańsk charging hub was delayed by five months. Thirdly, it proved difficult to collect reliable emissions data from some of our subcontractors.

Furthermore, it is important to note that our rapid growth made some targets harder to reach. Our parcel volume grew by 22% in 2025. Therefore, although our emissions per parcel fell sharply, our absolute emissions did not fall as quickly as we had hoped.

## Goals for 2026

Looking ahead, we have set ambitious goals for the coming year. Firstly, we aim to electrify 60% of our urban delivery fleet by the end of 2026. Additionally, we plan to source 90% of our warehouse electricity from renewable sources. Furthermore, we will require all subcontractors to report their emissions using a common template.

Moreover, we will expand the reusable crate program to at least five additional clients. In addition, we will begin trials of HVO in 40 long-haul trucks. It is worth noting that these trials will be carried out in close cooperation with our fuel suppliers and the vehicle manufacturers.

## Conclusion

In conclusion, 2025 was a year of significant progress for Greenfield Logistics. We reduced our emissions, increased our use of renewable energy and strengthened our ties with local communities. However, we recognize that there is still much work to be done. Additionally, we remain committed to being transparent about both our successes and our shortcomings.

Ultimately, we believe that a sustainable business is a successful business. We would like to thank our employees, customers and partners for their continued support. Furthermore, we welcome feedback on this report, which can be sent to sustainability@greenfield-logistics.eu.`;
