//! The agent guide (`petstore help agents`) as a skill: `SKILL.md` with the front matter the Agent Skills
//! format asks for (`name`, `description`), which Claude Code, Codex and Gemini CLI read.

/// How every skill `agent setup` writes begins: how `--remove` knows one it wrote.
pub const FRONT_MATTER_START: &str = "---\nname: petstore\n";

/// When an assistant should reach for the skill, in the words its list of skills shows.
const DESCRIPTION: &str = "List, find and add the Pet Store's animals with the petstore CLI (production, staging \
or a local sandbox), with output for programs, writes that are safe to repeat, and exit and error codes. Use it \
whenever a task touches the pet store's animals or the petstore command.";

/// `SKILL.md`: the front matter, then the guide.
pub fn text() -> String {
    format!("{FRONT_MATTER_START}description: {DESCRIPTION}\n---\n\n{}", crate::startup::agents_guide_text())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skill_is_the_guide_under_front_matter_a_yaml_reader_takes() {
        let text = text();
        let rest = text.strip_prefix("---\n").unwrap();
        let (front, body) = rest.split_once("\n---\n\n").unwrap();
        assert_eq!(body, crate::startup::agents_guide_text());
        let lines: Vec<&str> = front.lines().collect();
        assert_eq!(lines.len(), 2, "{front}");
        assert_eq!(lines[0], "name: petstore");
        let description = lines[1].strip_prefix("description: ").unwrap();
        // A plain YAML scalar: no `: ` or ` #` inside, no quote or indicator at its start, under the 1024
        // characters the format allows.
        assert!(!description.contains(": ") && !description.contains(" #"), "{description}");
        assert!(!description.starts_with(['"', '\'', '-', '[', '{', '&', '*', '!', '|', '>', '%', '@', '`']));
        assert!(description.len() <= 1024);
    }
}
