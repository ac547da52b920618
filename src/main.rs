fn main() -> std::process::ExitCode {
    let (cli, matches) = fairhall::cli::parse();
    match fairhall::cli::run(cli, &matches) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            if !fairhall::cli::exit::is_broken_pipe(&error) {
                let shown = format!("fairhall: {error:#}");
                eprintln!("{}", fairhall::text::for_terminal(&shown));
            }
            std::process::ExitCode::from(fairhall::cli::exit::code(&error))
        }
    }
}
