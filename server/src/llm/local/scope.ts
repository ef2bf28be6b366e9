/**
 * What a visitor asks the assistant that product docs leave to the site's own pages: what it costs
 * and how to pay, who the company is, and what it certifies or guarantees. The offline assistant
 * answers only from the docs, so such a question gets a reply that says so and links the pages that
 * do cover it, instead of a passage that happens to share its words ('cost' of a build's tokens,
 * 'plan' of a project's files).
 */

export type OffDocsTopic = 'pricing' | 'company' | 'legal'

/** What the product or the company is called in a question about the company. */
const COMPANY_NAME = String.raw`(?:overseer(?: labs)?|you|you guys|the company|your (?:company|team))`

/** A word that makes a question about what something costs one about using it: a build's tokens. */
const USAGE = /\b(?:builds?|tokens?|iterations?|stages?|requests?|messages?|models?|providers?|runs?|calls?|api calls?|files?|gpt[\w.-]*|llama[\w.:-]*)\b/

/**
 * A rule, and whether a word of using the product ('build', 'tokens') makes it a question on that
 * instead. The words it is recognised by are its first group, else all it matched.
 */
interface Rule {
  pattern: RegExp
  notUsage?: true
}

const PRICING: readonly Rule[] = [
  {
    pattern:
      /\b(refunds?|refunded|money[- ]back|free trials?|trial (?:period|version|account|licen[cs]e)|discounts?|coupons?|promo(?:tional)? codes?|volume pricing|pricing (?:plans?|tiers?|page|model)|price (?:list|plans?|tiers?)|billing (?:cycle|period|address|details|contact)|credit cards?|debit cards?|bank transfers?|wire transfers?|purchase orders?|paypal|apple pay|google pay)\b/,
  },
  { pattern: /\b((?:cancel|upgrade|downgrade|renew) (?:my|our) (?:subscription|plan|licen[cs]e)|subscription (?:plans?|fees?|prices?|costs?|tiers?))\b/ },
  {
    pattern: /\b((?:enterprise|team|developer|starter|professional|pro|basic) (?:plan|tier|edition|licen[cs]e|pricing))\b.*\b(?:cost|costs|price|priced|pay|charge|per (?:month|year|seat|user|member))\b/,
    notUsage: true,
  },
  { pattern: /\b(?:cost|costs|price|priced|pay|charge)\b.*\b(per (?:seat|user|member|head|licen[cs]e))\b/, notUsage: true },
  { pattern: /\b(?:is|are) (?:overseer|it|the (?:product|platform|service|assistant)) (free|paid)\b|\b(free (?:to use|of charge|tier|plan|version|edition))\b/ },
  { pattern: /\b((?:can|do|how (?:do|can|would)) (?:i|we) pay|pay (?:by|with|via|in) (?:invoice|card|credit|bank|wire|cheque|check|crypto|bitcoin|installments))\b/ },
  // 'How much does Overseer cost per month?', 'What's the price of a seat?', but not a build's cost.
  {
    pattern:
      /\b(?:how much|what)\b.*\b(?:cost|costs|price|priced|charge|charges)\b.*\b(?:overseer|it|you|seats?|licen[cs]es?|subscriptions?|(?:per|a) (?:month|year|user|member)|monthly|yearly|annual(?:ly)?|team of)\b|\b(?:how much|what)\b.*\b(?:overseer|it|you|seats?|licen[cs]es?|subscriptions?)\b.*\b(?:cost|costs|price|priced|charge|charges)\b|\b(?:cost|price) of (?:overseer|a seat|a licen[cs]e|a subscription)\b/,
    notUsage: true,
  },
]

const COMPANY: readonly Rule[] = [
  {
    pattern:
      /\b(ceo|cfo|coo|chief executive|founders?|co-?founders?|founded|founding team|investors?|invested in|venture capital|funding round|seed round|series [abc]|valuation|stock price|share price|ipo|publicly traded|headquarters|headquartered|head office)\b/,
  },
  { pattern: new RegExp(String.raw`\b(where (?:is|are) ${COMPANY_NAME}(?: (?:physically|currently))? (?:based|located))\b`) },
  { pattern: /\bwhere (?:is|are) (?:your|overseer(?: labs)?'?s?|the company'?s?) (offices?|hq)\b|\b(offices?) (?:located|based)\b|\b(?:your|overseer(?: labs)?'?s?|the company'?s?) (offices?)\b/ },
  {
    pattern:
      /\b(?:are you(?: guys| folks| all)?|is overseer(?: labs)?|is the company) (hiring|recruiting)\b|\b(job (?:openings?|offers?|vacanc(?:y|ies)|applications?))\b|\b(open (?:positions|roles|jobs))\b|\bopen [a-z-]+ (positions|jobs)\b|\b(?:work|a job|jobs?) (?:for|at) (?:overseer labs|the company|your company|you guys)\b|\b(join your team)\b/,
  },
  {
    pattern: /\bhow many (?:people|employees|engineers) (?:work|are working) (?:at|for|there|in)\b|\b(company size|headcount)\b|\bwho (owns|funds) (?:overseer|the company)\b/,
  },
]

const LEGAL: readonly Rule[] = [
  { pattern: /\b(soc ?(?:1|2|ii)|iso ?(?:27001|27017|27018|27701|9001|42001)|hipaa|pci(?:[- ]dss)?|fedramp|ccpa|gdpr|dpa|data processing agreement)\b/ },
  { pattern: /\b(certified|certifications?|security audit|pen(?:etration)? ?test(?:s|ed|ing)?)\b/ },
  { pattern: /\b(slas?|service level(?: agreement)?)\b|\buptime\b.*\b(guarantee[ds]?)\b|\b(guarantee[ds]?)\b.*\b(?:uptime|availability)\b/ },
  {
    pattern: /\b(?:open[- ]source|source code|released)\b.*\b(licen[cs]e[ds]?)\b|\b(licen[cs]e[ds]?)\b.*\b(?:open[- ]source|released under)\b|\b((?:mit|apache|gpl|agpl|bsd) licen[cs]e)\b/,
  },
]

const TOPICS: readonly (readonly [OffDocsTopic, readonly Rule[]])[] = [
  ['pricing', PRICING],
  ['company', COMPANY],
  ['legal', LEGAL],
]

/**
 * The topic of a question the site's pages answer rather than the docs, with the words it was
 * recognised by ('refund', 'team plan', 'soc 2'): the assistant answers from the docs after all
 * when they use those words.
 */
export const offDocsTopic = (text: string): { topic: OffDocsTopic; matched: string } | undefined => {
  const usage = USAGE.test(text)
  for (const [topic, rules] of TOPICS) {
    for (const { pattern, notUsage } of rules) {
      if (notUsage && usage) continue
      const found = pattern.exec(text)
      if (found) return { topic, matched: found.slice(1).find((group) => group !== undefined) ?? found[0] }
    }
  }
  return undefined
}
