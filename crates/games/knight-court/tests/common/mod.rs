#![allow(dead_code)]
pub mod naive;
