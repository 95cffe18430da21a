#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzzing::http_requests(data));
