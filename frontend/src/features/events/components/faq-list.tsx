import type { EventFaq } from '../public-api';

/** Questions and answers as native disclosures: keyboard and screen-reader ready as they are. */
export function FaqList({ faqs, emptyText }: { faqs: readonly EventFaq[]; emptyText: string }) {
  if (faqs.length === 0) return <p className="event-empty">{emptyText}</p>;
  return (
    <div className="faq">
      {faqs.map((faq, index) => (
        <details key={`${faq.question}-${index}`} className="faq__item">
          <summary className="faq__question">{faq.question}</summary>
          <p className="faq__answer">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
