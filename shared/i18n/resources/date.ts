// Texts of the product's date field (shared/forms/date-range-field.tsx). In the kit they ride with the
// field's own lazily loaded chunk, not the core.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    date: {
      calendar: '{{field}}：打开日历',
      pickDay: '选择日期',
      pickRange: '选择日期范围',
      hintDay: '点选一天；也可直接输入。',
      hintRange: '先点开始日，再点结束日；时间可在输入框中修改。',
      prevMonth: '上个月',
      nextMonth: '下个月',
      format: '请按 {{format}} 格式输入真实的日期',
    },
  },
  en: {
    date: {
      calendar: '{{field}}: open the calendar',
      pickDay: 'Pick a day',
      pickRange: 'Pick a date range',
      hintDay: 'Click a day, or type the date.',
      hintRange: 'Click the first day, then the last; change the times in the fields.',
      prevMonth: 'Previous month',
      nextMonth: 'Next month',
      format: 'Enter a real date written {{format}}',
    },
  },
});
