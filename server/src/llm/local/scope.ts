/**
 * What a visitor asks the assistant that product docs leave to the site's own pages: what it costs
 * and how to pay, who the company is, and what it certifies or guarantees. The offline assistant
 * answers only from the docs, so such a question gets a reply that says so and links the pages that
 * do cover it, instead of a passage that happens to share its words ('cost' of a build's tokens,
 * 'plan' of a project's files).
 */

export type OffDocsTopic = 'pricing' | 'company' | 'legal'

/** What the product, the company or a purchase is called in a question. */
const PRODUCT = String.raw`(?:overseer(?: labs)?|it|you|you guys|the (?:product|platform|service|tool|company|suite|software)|your (?:product|platform|service|company))`

/** A word that makes a question about what something costs one about using it: a build's tokens. */
const USAGE = /\b(?:builds?|tokens?|iterations?|stages?|requests?|messages?|models?|providers?|runs?|calls?|api calls?|gpt[\w.-]*|llama[\w.:-]*)\b/

const PRICING: readonly RegExp[] = [
  /\b(?:refunds?|refunded|money[- ]back|free trials?|trial (?:period|version|account|licen[cs]e)|discounts?|coupons?|promo(?:tional)? codes?|volume pricing|pricing (?:plans?|tiers?|page|model)|price (?:list|plans?|tiers?)|billing (?:cycle|period|address|details|contact)|credit cards?|debit cards?|bank transfers?|wire transfers?|purchase orders?|paypal|apple pay|google pay)\b/,
  /\b(?:cancel|upgrade|downgrade|renew) (?:my|our) (?:subscription|plan|licen[cs]e)\b|\bsubscription (?:plans?|fees?|prices?|costs?|tiers?)\b/,
  /\b(?:enterprise|team|developer|starter|professional|pro|basic) (?:plan|tier|edition|licen[cs]e|pricing)\b.*\b(?:cost|costs|price|priced|pay|charge|per (?:month|year|seat|user|member))\b/,
  /\b(?:cost|costs|price|priced|pay|charge)\b.*\bper (?:seat|user|member|head|licen[cs]e)\b/,
  new RegExp(String.raw`\b(?:is|are) ${PRODUCT} (?:free|paid)\b|\bfree (?:to use|of charge|tier|plan|version|edition)\b`),
  /\b(?:can|do|how (?:do|can|would)) (?:i|we) pay\b|\bpay (?:by|with|via|in) (?:invoice|card|credit|bank|wire|cheque|check|crypto|bitcoin|installments)\b/,
]

/** 'How much does Overseer cost per month?', 'What's the price of a seat?', but not a build's cost. */
const PRODUCT_COST = new RegExp(
  String.raw`\b(?:how much|what)\b.*\b(?:cost|costs|price|priced|charge|charges)\b|\b(?:cost|price|pricing) of ${PRODUCT}\b`,
)
const PURCHASE = new RegExp(String.raw`\b${PRODUCT}\b|\b(?:plans?|seats?|licen[cs]es?|subscriptions?|per (?:month|year|user|member)|a (?:month|year)|monthly|yearly|annual(?:ly)?|team of)\b`)

const COMPANY: readonly RegExp[] = [
  /\b(?:ceo|cto|cfo|coo|chief executive|founders?|co-?founders?|founded|founding team|investors?|invested in|venture capital|funding round|seed round|series [abc]|valuation|stock price|share price|ipo|publicly traded|headquarters|headquartered|head office)\b/,
  new RegExp(String.raw`\bwhere (?:is|are) ${PRODUCT}(?: (?:physically|currently))? (?:based|located)\b`),
  /\bwhere (?:is|are) (?:your|overseer(?: labs)?'?s?|the company'?s?) (?:offices?|hq|team)\b|\boffices? (?:located|based)\b|\b(?:your|its|their|overseer(?: labs)?'?s?) offices?\b/,
  /\b(?:are you|is overseer(?: labs)?|is the company) (?:hiring|recruiting)\b|\bjob (?:openings?|offers?|vacanc(?:y|ies)|applications?)\b|\bopen (?:positions|roles|jobs)\b|\b(?:work|a job) (?:for|at|with) (?:you|overseer(?: labs)?|the company)\b|\bjoin your team\b/,
  /\bhow many (?:people|employees|engineers|staff) (?:work|are working|does|do)\b|\b(?:company|team) size\b|\bheadcount\b|\bwho (?:owns|funds|runs) (?:overseer|the company|you)\b/,
]

const LEGAL: readonly RegExp[] = [
  /\b(?:soc ?(?:1|2|ii)|iso ?(?:27001|27017|27018|27701|9001|42001)|hipaa|pci(?:[- ]dss)?|fedramp|ccpa|gdpr|dpa|data processing agreement)\b/,
  /\b(?:certified|certifications?|compliant|security audit|pen(?:etration)? ?test(?:s|ed|ing)?)\b/,
  /\b(?:sla|slas|service level(?: agreement)?)\b|\buptime\b.*\bguarantee|\bguarantee.*\b(?:uptime|availability)\b/,
  /\b(?:open[- ]source|source code|released)\b.*\blicen[cs]e[ds]?\b|\blicen[cs]e[ds]?\b.*\b(?:open[- ]source|released under)\b|\b(?:mit|apache|gpl|agpl|bsd) licen[cs]e\b/,
]

/** The words the topic was recognised by: a question the docs themselves cover is answered from them. */
export const offDocsTopic = (text: string): { topic: OffDocsTopic; matched: string } | undefined => {
  for (const [topic, rules] of [
    ['pricing', PRICING],
    ['company', COMPANY],
    ['legal', LEGAL],
  ] as const) {
    for (const rule of rules) {
      const found = rule.exec(text)
      if (found) return { topic, matched: found[0] }
    }
  }
  if (PRODUCT_COST.test(text) && PURCHASE.test(text) && !USAGE.test(text)) return { topic: 'pricing', matched: text }
  return undefined
}
