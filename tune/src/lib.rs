//! Fitting Ekumen's evaluation parameters (`eval/src/<variant>.rs`) to positions scored by
//! a stronger engine and the results of their games (`scripts/datagen/gen_tuning_data.py`); the
//! `ekumen-tune` program drives it.

pub mod data;
pub mod explain;
pub mod loss;
pub mod params;
pub mod search;
