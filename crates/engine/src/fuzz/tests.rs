//! The generator's own checks: the same seed makes the same inputs, and changes stay text.

use super::mutate::repeat_a_key;
use super::*;
use crate::rng::Rng;
use serde_json::Value;

#[test]
fn the_same_seed_makes_the_same_inputs_and_mutations_stay_text() {
    let seed: Value =
        serde_json::json!({"game": "punish", "setup": {"seed": 1, "hands": [["Rush", "Guard"]]}, "actions": [[{"card": "Rush"}, null]]});
    let texts = vec![seed.to_string()];
    let make = |rng_seed| {
        let mut m = Mutator::new(Rng::new(rng_seed));
        m.learn(&seed);
        let mut seeds = vec![seed.clone()];
        let out = (0..300).map(|i| if i % 2 == 0 { m.mutate_json(&mut seeds, &texts) } else { m.mutate_text(&texts) }).collect::<Vec<_>>();
        assert_eq!(seeds, std::slice::from_ref(&seed), "the seeds come back as they were");
        out
    };
    let a = make(5);
    assert_eq!(a, make(5));
    assert_ne!(a, make(6));
    assert!(a.iter().filter(|t| **t != texts[0]).count() > 250, "most inputs differ from the seed");
    assert!(a.iter().any(|t| serde_json::from_str::<Value>(t).is_ok()), "some stay JSON");
    assert!(a.iter().any(|t| serde_json::from_str::<Value>(t).is_err()), "some do not");
}

#[test]
fn a_panic_names_its_input_and_the_counts_are_kept() {
    let mut campaign = Campaign::new("self-test");
    campaign.inputs = 500;
    let tally = campaign.run(Mutator::new(Rng::new(0)), |m| m.base64(), |s| s.len() % 2 == 0);
    assert_eq!(tally.inputs, 500);
    assert!(tally.accepted > 100 && tally.accepted < 400, "{tally:?}");
    let caught = std::panic::catch_unwind(|| {
        campaign.run(
            Mutator::new(Rng::new(0)),
            |m| m.query(&["paper"], &["a4"]),
            |s| {
                assert!(!s.contains("paper=a4"), "found it");
                true
            },
        )
    });
    let message = caught.err().and_then(|p| p.downcast_ref::<String>().cloned()).expect("the campaign fails");
    assert!(message.contains("fuzz_self-test") && message.contains("paper=a4") && message.contains("found it"), "{message}");
}

#[test]
fn deep_nesting_and_a_repeated_key_are_made() {
    let seed = serde_json::json!({"a": [1, {"b": "x"}]});
    let mut m = Mutator::new(Rng::new(9));
    let repeated =
        (0..50).map(|_| repeat_a_key(&seed, &mut m)).find(|t| t.matches("\"b\"").count() == 2 || t.matches("\"a\"").count() == 2);
    assert!(repeated.is_some(), "a key is written twice");
    let mut bytes = seed.to_string().into_bytes();
    let deepest = (0..400)
        .map(|_| {
            let mut b = bytes.clone();
            m.mutate_bytes(&mut b, &[]);
            b.iter().take_while(|c| **c == b'[' || **c == b'{').count()
        })
        .max();
    assert!(deepest.unwrap_or(0) > 40, "{deepest:?}");
    bytes.clear();
    m.mutate_bytes(&mut bytes, &[]);
    assert!(!bytes.is_empty());
}

#[test]
fn a_long_input_is_shortened_to_its_first_300_and_last_100_characters() {
    // Characters of two bytes, so a cut by bytes would land inside one.
    let text: String = (0..600).map(|i| if i < 500 { 'é' } else { 'ß' }).collect();
    let short = shorten(&text);
    let head: String = "é".repeat(300);
    let tail: String = "ß".repeat(100);
    assert_eq!(short, format!("{head:?} … (600 characters in all) … {tail:?}"));
    assert_eq!(shorten("short"), "\"short\"", "a short input is whole");
}
