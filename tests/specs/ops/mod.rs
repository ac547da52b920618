mod conventions;
mod hostile;
mod input_headers;
pub mod input_uploads;
mod money_clock;
mod notifications;
mod openapi_truth;
mod ops_http;
mod system;
