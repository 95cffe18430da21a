#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter_fuzzing::game_records(data));
