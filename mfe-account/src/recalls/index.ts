// A vehicle's open recalls on "Xe của tôi" (issue 66 §4): the flag, the free remedy and "Đặt lịch khắc phục".
export { RecallNotice } from './RecallNotice';
