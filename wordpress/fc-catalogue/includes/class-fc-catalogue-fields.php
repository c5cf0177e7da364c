<?php
/**
 * Every custom field of FC's catalogue, written once: the post type or taxonomy it belongs to,
 * its meta key (the name the site reads under `meta`), its English label (the control's label in
 * the editor), its kind, what a relation points at, and whether it is language-neutral (the same
 * in both languages, so Polylang copies it into a new translation). The model registers the
 * fields from this list, the validation checks them, the editor script draws them.
 *
 * Kinds: `text`, `year` (a whole number), `relation` (one post id of `target`, 0 none),
 * `relations` (post ids of `target`, ordered), `image` (an attachment id, 0 none), `gallery`
 * (attachment ids, ordered), `hotspots` (`[{product, x, y}]`, x and y percentages of the scene
 * image), `company` (the front page's company details).
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Fields {

	/** The front page's fields live on pages; the editor shows them on the front page only. */
	const FRONT_PAGE = 'page';

	/** @return array<string, array<string, array{label: string, kind: string, target?: string, neutral: bool}>> post type → meta key → field */
	public static function post_fields(): array {
		return array(
			'products'          => array(
				'code'       => self::field( 'Code', 'text', true ),
				'dimensions' => self::field( 'Dimensions', 'text', true ),
				'materials'  => self::field( 'Materials', 'text', false ),
				'designer'   => self::field( 'Designer', 'relation', true, 'designers' ),
				'collection' => self::field( 'Collection', 'relation', true, 'collections' ),
				'exclusive'  => self::field( 'Exclusive', 'relation', true, 'exclusives' ),
				'gallery'    => self::field( 'Gallery', 'gallery', true ),
				'related'    => self::field( 'Related products', 'relations', true, 'products' ),
				'year'       => self::field( 'Year', 'year', true ),
			),
			'collections'       => array(
				'subtitle' => self::field( 'Subtitle', 'text', false ),
				'designer' => self::field( 'Designer', 'relation', true, 'designers' ),
				'year'     => self::field( 'Year', 'year', true ),
			),
			'exclusives'        => array(
				'subtitle' => self::field( 'Subtitle', 'text', false ),
				'partner'  => self::field( 'Partner', 'text', true ),
				'year'     => self::field( 'Year', 'year', true ),
			),
			'designers'         => array(
				'role' => self::field( 'Role', 'text', false ),
				'city' => self::field( 'City', 'text', false ),
			),
			'projects'          => array(
				'location' => self::field( 'Location', 'text', false ),
				'year'     => self::field( 'Year', 'year', true ),
				'imagemap' => self::field( 'Imagemap', 'relation', true, 'imagemap_products' ),
				'products' => self::field( 'Products', 'relations', true, 'products' ),
			),
			'imagemap_products' => array(
				'image'    => self::field( 'Scene image', 'image', true ),
				'hotspots' => self::field( 'Hotspots', 'hotspots', true, 'products' ),
			),
			self::FRONT_PAGE    => array(
				'hero_media'           => self::field( 'Hero image', 'image', true ),
				'tagline'              => self::field( 'Tagline', 'text', false ),
				'featured_collections' => self::field( 'Featured collections', 'relations', true, 'collections' ),
				'featured_exclusives'  => self::field( 'Featured exclusives', 'relations', true, 'exclusives' ),
				'imagemap'             => self::field( 'Imagemap', 'relation', true, 'imagemap_products' ),
				'company'              => self::field( 'Company', 'company', true ),
			),
		);
	}

	/** @return array<string, array<string, array{label: string, kind: string, neutral: bool}>> taxonomy → meta key → field */
	public static function term_fields(): array {
		return array(
			'product_categories' => array(
				'image' => self::field( 'Image', 'image', true ),
			),
			'product_colors'     => array(
				'hex' => self::field( 'Hex', 'hex', true ),
			),
		);
	}

	/** The company details' parts, in the order the editor shows them. */
	public static function company_parts(): array {
		return array(
			'name'       => 'Name',
			'legal_name' => 'Legal name',
			'address'    => 'Address',
			'city'       => 'City',
			'country'    => 'Country',
			'vat'        => 'VAT number (Partita IVA)',
			'email'      => 'Email',
			'phone'      => 'Phone',
		);
	}

	/** The fields of one post type ([] for a type without fields). */
	public static function of( string $post_type ): array {
		return self::post_fields()[ $post_type ] ?? array();
	}

	/** Meta keys that are the same in every language (Polylang copies them into a translation). */
	public static function neutral_keys( array $fields ): array {
		return array_keys( array_filter( $fields, static fn( $field ) => $field['neutral'] ) );
	}

	private static function field( string $label, string $kind, bool $neutral, string $target = '' ): array {
		$field = array(
			'label'   => $label,
			'kind'    => $kind,
			'neutral' => $neutral,
		);
		if ( '' !== $target ) {
			$field['target'] = $target;
		}
		return $field;
	}
}
