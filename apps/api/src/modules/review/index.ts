/** The review module: the administrators' decisions, and how an approval's notice reads. */
export { approvalNotice, approvalOutlook, parseApprovalOutlook, type ApprovalOutlook } from './approval-notice';
