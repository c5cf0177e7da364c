<?php
/**
 * The company pages the site links to (about, manufacture, funding, prove, contact, newsletter),
 * offered as drafts so that an empty install has each of them, with the slug the site looks for,
 * in every language: created on activation, and from the notice on the Pages screen ("Create
 * them as drafts") for whatever is missing later (Polylang installed after this plugin adds a
 * language). An editor writes and publishes them; nothing here changes a page that exists.
 *
 * The site finds a company page by its English slug, then its translations (Polylang); the
 * Italian pages have Italian slugs (Polylang's free version needs a slug per language).
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Company_Pages {

	/** Marks a page this plugin created (meta value: the English slug). */
	const META   = '_fc_catalogue_company_page';
	const ACTION = 'fc_catalogue_company_pages';

	/**
	 * Each page's slug and title per language (content, not interface: the same whoever creates
	 * them); another language gets the English title and the slug `<english>-<language>`.
	 */
	const PAGES = array(
		'about'       => array( 'en' => array( 'about', 'About FC' ), 'it' => array( 'chi-siamo', 'Chi siamo' ) ),
		'manufacture' => array( 'en' => array( 'manufacture', 'Manufacture' ), 'it' => array( 'manifattura', 'Manifattura' ) ),
		'funding'     => array( 'en' => array( 'funding', 'Funding' ), 'it' => array( 'finanziamenti', 'Finanziamenti' ) ),
		'prove'       => array( 'en' => array( 'prove', 'Prove' ), 'it' => array( 'prove-it', 'Prove' ) ),
		'contact'     => array( 'en' => array( 'contact', 'Contact' ), 'it' => array( 'contatti', 'Contatti' ) ),
		'newsletter'  => array( 'en' => array( 'newsletter', 'Newsletter' ), 'it' => array( 'newsletter-it', 'Newsletter' ) ),
	);

	public static function init(): void {
		add_action( 'admin_notices', array( __CLASS__, 'notice' ) );
		add_action( 'admin_post_' . self::ACTION, array( __CLASS__, 'create_from_notice' ) );
	}

	/** The languages pages are written in: Polylang's, English first (the others link to it), or English alone. */
	private static function languages(): array {
		$languages = function_exists( 'pll_languages_list' ) ? array_map( 'strval', (array) pll_languages_list() ) : array();
		return array_values( array_unique( array_merge( array( 'en' ), $languages ) ) );
	}

	private static function slug_and_title( string $page, string $lang ): array {
		return self::PAGES[ $page ][ $lang ] ?? array( "{$page}-{$lang}", self::PAGES[ $page ]['en'][1] );
	}

	/** The existing page for `$page` in `$lang` (any status but the trash), or 0. */
	private static function existing( string $page, string $lang, int $english ): int {
		if ( $english && function_exists( 'pll_get_post_translations' ) ) {
			$linked = (int) ( pll_get_post_translations( $english )[ $lang ] ?? 0 );
			if ( $linked ) {
				return $linked;
			}
		}
		$found = get_page_by_path( self::slug_and_title( $page, $lang )[0], OBJECT, 'page' );
		return $found && 'trash' !== $found->post_status ? (int) $found->ID : 0;
	}

	/** "page (language)" for each company page that is missing, e.g. "contact (it)". @return string[] */
	public static function missing(): array {
		$out = array();
		foreach ( array_keys( self::PAGES ) as $page ) {
			$english = self::existing( $page, 'en', 0 );
			foreach ( self::languages() as $lang ) {
				if ( ! ( 'en' === $lang ? $english : self::existing( $page, $lang, $english ) ) ) {
					$out[] = "{$page} ({$lang})";
				}
			}
		}
		return $out;
	}

	/** Creates every missing company page as a draft, linked to its translations. Returns how many. */
	public static function create_missing(): int {
		$created = 0;
		foreach ( array_keys( self::PAGES ) as $page ) {
			$ids = array();
			foreach ( self::languages() as $lang ) {
				$ids[ $lang ] = self::existing( $page, $lang, (int) ( $ids['en'] ?? 0 ) );
				if ( ! $ids[ $lang ] ) {
					$ids[ $lang ] = self::create( $page, $lang );
					$created     += $ids[ $lang ] ? 1 : 0;
				}
			}
			$ids = array_filter( $ids );
			if ( count( $ids ) > 1 && function_exists( 'pll_save_post_translations' ) ) {
				pll_save_post_translations( $ids );
			}
		}
		return $created;
	}

	private static function create( string $page, string $lang ): int {
		[ $slug, $title ] = self::slug_and_title( $page, $lang );
		$id               = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'draft',
				'post_name'   => $slug,
				'post_title'  => $title,
				'meta_input'  => array( self::META => $page ),
			),
			true
		);
		if ( is_wp_error( $id ) ) {
			return 0;
		}
		if ( function_exists( 'pll_set_post_language' ) ) {
			pll_set_post_language( (int) $id, $lang );
		}
		return (int) $id;
	}

	/** On the Pages screen and the plugins screen: which company pages are missing, and a button. */
	public static function notice(): void {
		$screen = get_current_screen();
		if ( ! $screen || ! in_array( $screen->id, array( 'edit-page', 'plugins' ), true ) || ! current_user_can( 'publish_pages' ) ) {
			return;
		}
		if ( isset( $_GET['fc-company-pages'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification -- a count to show
			$count = absint( $_GET['fc-company-pages'] ); // phpcs:ignore WordPress.Security.NonceVerification
			/* translators: %d: how many pages were created */
			echo '<div class="notice notice-success is-dismissible"><p>' . esc_html( sprintf( _n( '%d company page was created as a draft: write it and publish it.', '%d company pages were created as drafts: write them and publish them.', $count, 'fc-catalogue' ), $count ) ) . '</p></div>';
		}
		$missing = self::missing();
		if ( ! $missing ) {
			return;
		}
		echo '<div class="notice notice-warning fc-catalogue-company-pages"><p>';
		/* translators: %s: the missing pages, e.g. "contact (it), newsletter (it)" */
		echo esc_html( sprintf( __( 'FC Catalogue: the site links to company pages that do not exist yet: %s.', 'fc-catalogue' ), implode( ', ', $missing ) ) );
		echo '</p><form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><input type="hidden" name="action" value="' . esc_attr( self::ACTION ) . '">';
		wp_nonce_field( self::ACTION );
		submit_button( __( 'Create them as drafts', 'fc-catalogue' ), 'secondary', 'submit', false );
		echo '</form><p></p></div>';
	}

	public static function create_from_notice(): void {
		if ( ! current_user_can( 'publish_pages' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to create pages.', 'fc-catalogue' ), 403 );
		}
		check_admin_referer( self::ACTION );
		$created = self::create_missing();
		wp_safe_redirect( add_query_arg( 'fc-company-pages', $created, admin_url( 'edit.php?post_type=page' ) ) );
		exit;
	}
}
