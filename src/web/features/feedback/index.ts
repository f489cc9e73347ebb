/** Public surface of the feedback feature ("Dejanos tu comentario"). */
export { FeedbackBox } from './components/feedback-box.tsx';
